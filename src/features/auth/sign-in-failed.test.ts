import { describe, expect, it } from "vitest";
import { signInFailedMessage } from "./sign-in-failed";

describe("signInFailedMessage", () => {
  it("explains a state that is not this browser's (tampered, replayed, other tab)", () => {
    for (const code of ["state_mismatch", "state_not_found", "state_invalid", "please_restart_the_process"]) {
      expect(signInFailedMessage(code)).toMatch(/not the one this browser started/);
    }
  });

  it("tells how to join an existing account", () => {
    expect(signInFailedMessage("account_not_linked")).toMatch(/Sign in with your password, confirm your address, then try again/);
  });

  it("gives the general message for unknown codes and never repeats the code", () => {
    const message = signInFailedMessage("<script>alert(1)</script>");
    expect(message).toBe(signInFailedMessage(undefined));
    expect(message).not.toContain("script");
  });
});

import { describe, expect, it } from "vitest";
import { authResult } from "./auth-client";

describe("authResult (better-auth client answers)", () => {
  it("passes success and explains failures as before", () => {
    expect(authResult(null)).toEqual({ ok: true });
    expect(authResult({ status: 401, message: "Invalid email or password" })).toEqual({ ok: false, message: "Invalid email or password" });
    expect(authResult({ status: 429 })).toEqual({ ok: false, message: "Too many attempts. Please wait a minute and try again." });
    expect(authResult({ status: 500, message: "" })).toEqual({ ok: false, message: "Request failed (500)" });
  });
});

import { describe, expect, it } from "vitest";
import { emailLinks } from "./testing/email-links";
import { resetPasswordEmail } from "./reset-password-email";
import { expectEmail } from "./testing/expect-email";

const url = "https://app.example.com/api/auth/reset-password/abc123?callbackURL=%2Freset-password";

describe("reset-password e-mail", () => {
  it("offers the reset link in both parts and nothing else to click, says it works once for an hour", async () => {
    const mail = await resetPasswordEmail("rita@example.com", "Rita", url);
    expectEmail(mail, { to: "rita@example.com", kind: "reset-password", subject: "Reset your password" }, [
      "Hi Rita,",
      "asked to reset the password of your account",
      "The link works once, for 1 hour.",
      "If you did not ask for this, ignore this message: your password has not changed.",
    ]);
    expect(emailLinks(mail)).toEqual({ text: [url], html: [url] });
    expect(mail.text).toContain(`Choose a new password ${url}`);
  });

  it("escapes the name in the HTML", async () => {
    const mail = await resetPasswordEmail("r@example.com", "<b>Eve</b>", url);
    expect(mail.html).toContain("Hi &lt;b&gt;Eve&lt;/b&gt;,");
    expect(mail.html).not.toContain("<b>Eve");
  });
});

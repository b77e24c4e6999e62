import { describe, expect, it } from "vitest";
import { emailLinks } from "./testing/email-links";
import { verificationEmail } from "./verification-email";
import { expectEmail } from "./testing/expect-email";

const url = "https://app.example.com/api/auth/verify-email?token=abc&callbackURL=%2Fbilling";

describe("verification e-mail", () => {
  it("asks the new user to confirm the address, with the verification link in both parts and nothing else to click", async () => {
    const mail = await verificationEmail("vera@example.com", "Vera", url);
    expectEmail(mail, { to: "vera@example.com", kind: "verify-email", subject: "Confirm your e-mail address" }, [
      "Hi Vera,",
      "Confirm your e-mail address to finish setting up your account",
      "If you did not create an account, ignore this message.",
    ]);
    const links = emailLinks(mail);
    expect(links.text).toEqual([url]);
    expect(links.html).toEqual([url]);
    expect(mail.text).toContain(`Confirm e-mail address ${url}`);
  });

  it("greets without a name when there is none, and escapes the name in the HTML", async () => {
    expect((await verificationEmail("x@example.com", null, url)).text).toMatch(/^Hi,$/m);
    const mail = await verificationEmail("x@example.com", "<b>Eve</b>", url);
    expect(mail.html).toContain("Hi &lt;b&gt;Eve&lt;/b&gt;,");
    expect(mail.html).not.toContain("<b>Eve");
  });
});

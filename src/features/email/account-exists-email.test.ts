import { describe, expect, it } from "vitest";
import { accountExistsEmail } from "./account-exists-email";
import { emailLinks } from "./testing/email-links";
import { expectEmail } from "./testing/expect-email";

describe("account-exists e-mail", () => {
  it("tells the owner nothing was created and links to sign-in, absolute from the base URL", async () => {
    const mail = await accountExistsEmail("olga@example.com", "Olga", "https://app.example.com/");
    expectEmail(mail, { to: "olga@example.com", kind: "account-exists", subject: "You already have an account" }, [
      "Hi Olga,",
      "You already have an account, so nothing was created.",
      "If it was not you, ignore this message: your account has not changed.",
    ]);
    // Sign in, or choose a new password when it is forgotten.
    const links = ["https://app.example.com/login", "https://app.example.com/forgot-password"];
    expect(emailLinks(mail)).toEqual({ text: links, html: links });
  });

  it("escapes the name in the HTML", async () => {
    const mail = await accountExistsEmail("o@example.com", 'O"<img src=x>', "https://app.example.com");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("O&quot;&lt;img src=x&gt;");
  });
});

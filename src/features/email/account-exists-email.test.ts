import { describe, expect, it } from "vitest";
import { accountExistsEmail } from "./account-exists-email";
import { emailLinks } from "./testing/email-links";

describe("account-exists e-mail", () => {
  it("tells the owner nothing was created and links to sign-in, absolute from the base URL", async () => {
    const mail = await accountExistsEmail("olga@example.com", "Olga", "https://app.example.com/");
    expect(mail).toMatchObject({ to: "olga@example.com", kind: "account-exists", subject: "You already have an account" });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Hi Olga,");
      expect(part).toContain("You already have an account, so nothing was created.");
      expect(part).toContain("If it was not you, ignore this message: your account has not changed.");
    }
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

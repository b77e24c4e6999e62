import { describe, expect, it } from "vitest";
import { emailLinks } from "@/features/email/testing/email-links";
import { contactEmail } from "./contact-email";

const input = {
  first_name: "Rosa",
  last_name: "Martinez",
  email: "rosa@brightsmiles.com",
  company: "Bright Smiles <Dental>",
  phone: null,
  website: null,
  inquiry_subject: "Sales and pricing",
  message: "We have two locations & miss about 30 calls a week.\nWhich plan fits?",
};

describe("contact message e-mail to the team", () => {
  it("lists the filled-in fields and keeps the message's lines, in the text part", async () => {
    const mail = await contactEmail(input, "team@example.com");
    expect(mail).toMatchObject({ to: "team@example.com", kind: "contact_message", subject: "New contact message: Sales and pricing" });
    expect(mail.text).toContain(
      "Name: Rosa Martinez\nEmail: rosa@brightsmiles.com\nCompany: Bright Smiles <Dental>\nSubject: Sales and pricing\n\nWe have two locations & miss about 30 calls a week.\nWhich plan fits?",
    );
    expect(mail.text).not.toContain("Phone:");
    expect(emailLinks(mail)).toEqual({ text: [], html: [] });
  });

  it("escapes what the visitor typed in the HTML", async () => {
    const mail = await contactEmail({ ...input, message: "<script>alert(1)</script>" }, "team@example.com");
    expect(mail.html).toContain("Bright Smiles &lt;Dental&gt;");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<Dental>");
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { contactMessages, emailMessages, notifications } from "@/db/schema";
import { config } from "@/lib/config";
import { POST } from "@app/api/contact/route";
import { BASE, call } from "../../../test/http-helpers";

const ip = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID().slice(0, 6)}`;
const message = (over: Record<string, string> = {}) => ({
  first_name: "Rosa",
  last_name: "Martinez",
  email: `rosa-${randomUUID().slice(0, 8)}@brightsmiles.com`,
  company: "Bright Smiles Dental",
  phone: "",
  website: "",
  inquiry_subject: "Sales and pricing",
  message: "We have two locations and miss about 30 calls a week. Which plan fits?",
  _honey: "",
  _subject: "New contact form submission",
  _captcha: "false",
  ...over,
});

/** Posts like a browser form without JavaScript (application/x-www-form-urlencoded). */
function postForm(fields: Record<string, string>, from = ip()) {
  const req = new Request(`${BASE}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, "x-forwarded-for": from },
    body: new URLSearchParams(fields).toString(),
  });
  return POST(req);
}

function postJson(body: unknown, from = ip()) {
  return call(POST, { method: "POST", path: "/api/contact", body, headers: { "x-forwarded-for": from } });
}

async function storedFor(email: string) {
  return (await getDb()).select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe("POST /api/contact (form post)", () => {
  it("stores the message, notifies admins, e-mails the team and redirects 303 to the thank-you page", async () => {
    const m = message();
    const res = await postForm(m);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact-thank-you");
    const [row] = await storedFor(m.email);
    expect(row).toMatchObject({ firstName: "Rosa", lastName: "Martinez", company: "Bright Smiles Dental", phone: null, website: null, inquirySubject: "Sales and pricing" });
    const db = await getDb();
    const [note] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `contact_message:${row!.id}`));
    expect(note?.type).toBe("contact_message");
    const mails = await db.select().from(emailMessages).where(eq(emailMessages.kind, "contact_message"));
    const mail = mails.find((e) => e.text.includes(m.email));
    expect(mail?.to).toBe(config().TEAM_EMAIL);
    expect(mail?.subject).toBe("New contact message: Sales and pricing");
    expect(mail?.text).toContain("miss about 30 calls a week");
  });

  it("silently drops a filled honeypot: 303 to thank-you, nothing stored", async () => {
    const m = message({ _honey: "http://spam.example" });
    const res = await postForm(m);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact-thank-you");
    expect(await storedFor(m.email)).toHaveLength(0);
  });

  it("sends invalid input back to /contact with the error code and field names", async () => {
    const m = message({ email: "rosa-at-example", message: "" });
    const res = await postForm(m);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact?error=invalid&fields=email%2Cmessage");
    expect(await storedFor(m.email)).toHaveLength(0);
  });

  it("rejects blacklisted words", async () => {
    const m = message({ message: "Fast LOANS and crypto offers for your patients" });
    const res = await postForm(m);
    expect(res.headers.get("location")).toBe("/contact?error=blocked");
    expect(await storedFor(m.email)).toHaveLength(0);
  });

  it("allows 5 messages per IP in 10 minutes, then sends the visitor back with rate_limited", async () => {
    const from = ip();
    for (let i = 0; i < 5; i++) expect((await postForm(message(), from)).headers.get("location")).toBe("/contact-thank-you");
    const sixth = await postForm(message(), from);
    expect(sixth.headers.get("location")).toBe("/contact?error=rate_limited");
    expect((await postForm(message(), ip())).headers.get("location")).toBe("/contact-thank-you");
  });
});

describe("POST /api/contact (JSON)", () => {
  it("answers 201 on success", async () => {
    const m = message();
    const res = await postJson(m);
    expect(res.status).toBe(201);
    expect(await storedFor(m.email)).toHaveLength(1);
  });

  it("keeps one-line fields on one line (they go into the e-mail subject)", async () => {
    const m = message({ inquiry_subject: "Billing\r\nBcc: victim@example.com" });
    expect((await postJson(m)).status).toBe(201);
    const [row] = await storedFor(m.email);
    expect(row?.inquirySubject).toBe("Billing Bcc: victim@example.com");
  });

  it("answers 400 with a clear message on invalid input", async () => {
    const res = await postJson({ ...message(), first_name: "", inquiry_subject: undefined });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("First name is required; Subject is required");
  });

  it("answers 400 naming the blocked words, matching whole words only", async () => {
    const res = await postJson(message({ message: "Do you work with casino resorts? We also offer Bitcoin payments." }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Your message contains blocked words (casino, bitcoin). Please rephrase it and try again.");
    // 'adulthood' and 'debtors' are not the blocked words 'adult' and 'debt'.
    expect((await postJson(message({ message: "Pediatric to adulthood care; we never chase debtors." }))).status).toBe(201);
  });

  it("answers 429 after 5 messages from one IP", async () => {
    const from = ip();
    for (let i = 0; i < 5; i++) expect((await postJson(message(), from)).status).toBe(201);
    const res = await postJson(message(), from);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(/too many messages/i);
  });

  it("answers 400 to a body that is neither JSON nor a form", async () => {
    const res = await postJson("[1,2");
    expect(res.status).toBe(400);
  });
});

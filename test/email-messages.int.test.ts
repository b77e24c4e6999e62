import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { contactMessages, emailMessages, user } from "@/db/schema";
import { config, resetConfigForTests } from "@/lib/config";
import { startJobs } from "@/lib/jobs";
import { drainJobs, makeJobsDue } from "@/lib/jobs/testing.server";
import { getAuth } from "@/features/auth/auth.server";
import { emailDeliveryJob, messageIdFor } from "@/features/email/email.server";
import { verificationEmail } from "@/features/email/verification-email";
import { accountExistsEmail } from "@/features/email/account-exists-email";
import { createOrder, orderSetupEmailJob } from "@/features/orders/orders.server";
import { orderSubscriptionSteps } from "@/features/billing/account-subscriptions.server";
import { orderSetupEmail } from "@/features/orders/emails";
import { POST as contactPost } from "@app/api/contact/route";
import { TEST_PASSWORD } from "./http-helpers";
import { freePort, startSilentServer, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "./smtp-test-server";
import { mailsTo } from "./outbox";

/**
 * The messages that arrive at a real SMTP server (smtp-server, parsed with
 * mailparser), end to end from the action that causes them: To, From,
 * Subject, both parts exactly as the templates make them, a stable
 * Message-ID, and absolute links from PUBLIC_BASE_URL that work. And the
 * contact form, which answers at once while the SMTP server is slow or down.
 */

const BASE_URL = "https://app.example.test";
process.env.PUBLIC_BASE_URL = BASE_URL;
process.env.EMAIL_FROM = "AI Employees <hello@ai-employees.test>";
process.env.TEAM_EMAIL = "team@ai-employees.test";

let smtp: TestSmtpServer;

function useSmtp(url: string | undefined): void {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetConfigForTests();
}

const arrivedFor = (to: string): ReceivedMail[] => smtp.received.filter((m) => m.envelopeTo.includes(to));

/** What every message has: the envelope and headers, both parts, the Message-ID of its row. */
async function expectDelivered(m: ReceivedMail, expected: { to: string; subject: string; text: string; html: string; kind: string }) {
  expect(m.envelopeFrom).toBe("hello@ai-employees.test");
  expect(m.envelopeTo).toEqual([expected.to]);
  expect(m.parsed.from?.value).toEqual([{ address: "hello@ai-employees.test", name: "AI Employees" }]);
  expect(m.parsed.to && !Array.isArray(m.parsed.to) ? m.parsed.to.value.map((v) => v.address) : null).toEqual([expected.to]);
  expect(m.parsed.subject).toBe(expected.subject);
  expect(m.parsed.text?.replace(/\n$/, "")).toBe(expected.text);
  expect(m.parsed.html).toBe(expected.html);
  const [row] = await mailsTo(expected.to, expected.kind);
  expect(row?.status).toBe("sent");
  expect(m.parsed.messageId).toBe(messageIdFor(row!.id));
}

/** Every link in both parts is absolute, under PUBLIC_BASE_URL. */
function links(m: ReceivedMail): string[] {
  const fromText = m.parsed.text?.match(/https?:\/\/[^\s"<>]+/g) ?? [];
  const fromHtml = [...(m.parsed.html || "").matchAll(/href="([^"]+)"/g)].map((x) => x[1]!.replace(/&amp;/g, "&"));
  return [...fromText, ...fromHtml];
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  await startJobs({ jobs: [emailDeliveryJob, orderSetupEmailJob], workers: false });
});
beforeEach(() => useSmtp(smtp.url()));
afterAll(async () => {
  await smtp.close();
  for (const key of ["PUBLIC_BASE_URL", "EMAIL_FROM", "TEAM_EMAIL", "SMTP_URL"]) delete process.env[key];
  resetConfigForTests();
});

describe("verification and account e-mails", () => {
  it("sign-up sends the verification e-mail through SMTP; its link, from PUBLIC_BASE_URL, verifies the address", async () => {
    const auth = await getAuth();
    const email = `verify-${randomUUID().slice(0, 8)}@example.com`;
    const res = await auth.handler(
      new Request(`${BASE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE_URL },
        body: JSON.stringify({ email, password: TEST_PASSWORD, name: "Vera V", firstName: "Vera", lastName: "V", callbackURL: "/billing?tab=plans" }),
      }),
    );
    expect(res.status).toBe(200);
    // The request queued the e-mail; nothing went over SMTP yet.
    expect((await mailsTo(email, "verify-email"))[0]?.status).toBe("queued");
    expect(arrivedFor(email)).toHaveLength(0);

    await drainJobs();
    const [m] = arrivedFor(email);
    expect(m).toBeDefined();
    const all = links(m!);
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const link of all) expect(link.startsWith(`${BASE_URL}/api/auth/verify-email?token=`)).toBe(true);
    const link = all[0]!;
    await expectDelivered(m!, { ...(await verificationEmail(email, "Vera", link)), to: email, kind: "verify-email" });

    const verify = await auth.handler(new Request(link));
    expect(verify.status).toBe(302);
    expect(new URL(verify.headers.get("location")!, BASE_URL).pathname).toBe("/login");
    const [after] = await (await getDb()).select().from(user).where(eq(user.email, email));
    expect(after?.emailVerified).toBe(true);
  });

  it("a sign-up for an existing address sends the owner the account-exists e-mail with absolute sign-in and reset links", async () => {
    const auth = await getAuth();
    const email = `exists-${randomUUID().slice(0, 8)}@example.com`;
    const body = (firstName: string) => JSON.stringify({ email, password: TEST_PASSWORD, name: `${firstName} O`, firstName, lastName: "O" });
    const signUp = (firstName: string) =>
      auth.handler(new Request(`${BASE_URL}/api/auth/sign-up/email`, { method: "POST", headers: { "content-type": "application/json", origin: BASE_URL }, body: body(firstName) }));
    expect((await signUp("Olga")).status).toBe(200);
    // The throttle allows one auth e-mail a minute per address: the verification e-mail was that one.
    await (
      await getDb()
    )
      .update(emailMessages)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(emailMessages.to, email));
    expect((await signUp("Someone")).status).toBe(200);
    await drainJobs();
    const m = arrivedFor(email).find((x) => x.parsed.subject === "You already have an account");
    expect(m).toBeDefined();
    await expectDelivered(m!, { ...(await accountExistsEmail(email, "Olga", BASE_URL)), to: email, kind: "account-exists" });
    // Sign in, or choose a new password (text part, then HTML part).
    expect(links(m!)).toEqual([`${BASE_URL}/login`, `${BASE_URL}/forgot-password`, `${BASE_URL}/login`, `${BASE_URL}/forgot-password`]);
  });
});

describe("AI-employee setup e-mail", () => {
  it("an order's setup job queues the e-mail, which arrives with absolute links", async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const data = {
      aiEmployeeName: "Ava",
      aiPhoneNumber: "+1 (555) 123-4567",
      customerEmail: email,
      webChatUrl: "https://chat.example.com/ava",
      aiAvatarUrl: "/api/objects/avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.png",
    };
    await createOrder(data as Parameters<typeof createOrder>[0], orderSubscriptionSteps);
    await drainJobs();
    const arrived = arrivedFor(email);
    expect(arrived).toHaveLength(1);
    expect(config().baseUrl).toBe(BASE_URL);
    await expectDelivered(arrived[0]!, { ...(await orderSetupEmail(data, BASE_URL)), to: email });
    const own = links(arrived[0]!).filter((l) => !l.startsWith("https://chat.example.com"));
    expect(own.length).toBeGreaterThan(0);
    for (const l of own) expect(l.startsWith(`${BASE_URL}/`)).toBe(true);
    // The setup job ran once and queued one e-mail; running everything again sends nothing more.
    await makeJobsDue();
    await drainJobs();
    expect(arrivedFor(email)).toHaveLength(1);
  });
});

describe("contact form", () => {
  const message = () => ({
    first_name: "Rosa",
    last_name: "Martinez",
    email: `rosa-${randomUUID().slice(0, 8)}@brightsmiles.com`,
    company: "Bright Smiles <Dental>",
    phone: "",
    website: "",
    inquiry_subject: "Sales and pricing",
    message: "We have two locations & miss about 30 calls a week.\nWhich plan fits?",
    _honey: "",
  });
  const post = (fields: Record<string, string>) =>
    contactPost(
      new Request(`${BASE_URL}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL, "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 250)}` },
        body: new URLSearchParams(fields).toString(),
      }),
    );
  const contactMail = (visitor: string) => smtp.received.find((m) => m.parsed.text?.includes(visitor));

  it("the team gets the message: To TEAM_EMAIL, the subject, every field in both parts, HTML escaped", async () => {
    const m = message();
    expect((await post(m)).status).toBe(303);
    await drainJobs();
    const got = contactMail(m.email);
    expect(got).toBeDefined();
    expect(got!.envelopeTo).toEqual(["team@ai-employees.test"]);
    expect(got!.parsed.subject).toBe("New contact message: Sales and pricing");
    // The shared layout (ADR 0094): brand line, heading, the fields and the message, footer.
    expect(got!.parsed.text?.replace(/\n$/, "")).toBe(
      `HumanFocus AI · Human Focus. AI Powered.\n\nNew contact message\n\nName: Rosa Martinez\nEmail: ${m.email}\nCompany: Bright Smiles <Dental>\nSubject: Sales and pricing\n\nWe have two locations & miss about 30 calls a week.\nWhich plan fits?\n\nSent by HumanFocus AI.`,
    );
    expect(got!.parsed.html).toContain("Bright Smiles &lt;Dental&gt;");
    expect(got!.parsed.html).toContain("We have two locations &amp; miss about 30 calls a week.");
    expect(got!.parsed.html).not.toContain("<Dental>");
  });

  it("answers in under 2 s while the SMTP server never greets, and the message is delivered once a server answers", async () => {
    const silent = await startSilentServer();
    try {
      useSmtp(`smtp://127.0.0.1:${silent.port}`);
      const m = message();
      const started = Date.now();
      const res = await post(m);
      expect(res.status).toBe(303);
      expect(Date.now() - started).toBeLessThan(2_000);
      // The request did not even connect: delivery is the job's business.
      expect(silent.connections()).toBe(0);
      const [stored] = await (await getDb()).select().from(contactMessages).where(eq(contactMessages.email, m.email));
      expect(stored).toBeDefined();

      useSmtp(smtp.url());
      await drainJobs();
      expect(contactMail(m.email)).toBeDefined();
    } finally {
      await silent.close();
    }
  });

  it("answers in under 2 s while the SMTP server is down; the message is kept and delivered when it is back", async () => {
    const port = await freePort();
    useSmtp(`smtp://127.0.0.1:${port}`);
    const m = message();
    const started = Date.now();
    const res = await post(m);
    expect(res.status).toBe(303);
    expect(Date.now() - started).toBeLessThan(2_000);
    await drainJobs(); // the attempt fails: connection refused
    const [row] = (await (await getDb()).select().from(emailMessages).where(eq(emailMessages.kind, "contact_message"))).filter((r) => r.text.includes(m.email));
    expect(row).toMatchObject({ status: "queued", error: expect.stringMatching(/ECONNREFUSED/) });

    const back = await startSmtpServer({ port });
    try {
      await makeJobsDue();
      await drainJobs();
      expect(back.received.filter((x) => x.parsed.text?.includes(m.email))).toHaveLength(1);
    } finally {
      await back.close();
    }
  });
});

import { randomInt } from "node:crypto";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { smsMessages, smsOptOuts } from "@/db/schema";
import { jobStatus } from "@/lib/jobs";
import { drainJobs, makeJobsDue } from "@/lib/jobs/testing.server";
import { queueSms } from "@/features/sms/sms.server";
import { SMS_DELIVERY_JOB, smsDeliveryJob } from "@/features/sms/delivery-job.server";
import { MAX_SMS_LENGTH } from "@/features/sms/port";
import { listSmsOutbox } from "@/features/sms/outbox-list.server";
import { POST as twilioCallback } from "@app/api/v1/webhooks/twilio/route";
import SmsOutboxPage from "@app/admin/sms-outbox/page";
import { createUser, type TestUser } from "./http-helpers";
import { signCallback, startTwilioFake, TEST_TWILIO_ACCOUNT, setTwilioSettings, type TwilioFake } from "./twilio-fake";

/**
 * The SMS port end to end (issue 25, ADR 0130): queueSms stores the message
 * in the caller's transaction; without Twilio it stays in the SMS outbox
 * admins read; with Twilio (the loopback fake, test/twilio-fake.ts) the
 * delivery job sends it once, retries what is worth retrying, learns STOP
 * from error 21610, and the signed status callback keeps Twilio's status.
 */

// The page renders for the request's cookie.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

const BASE_URL = "https://app.example.test";
const CALLBACK_URL = `${BASE_URL}/api/v1/webhooks/twilio`;
const { accountSid: SID, authToken: TOKEN, from: FROM } = TEST_TWILIO_ACCOUNT;

let fake: TwilioFake;
let admin: TestUser;
let customer: TestUser;

/** A number no other test uses (E.164, +1 415 555 01xx-style, random). */
const number = () => `+1415${String(randomInt(2_000_000, 9_999_999))}`;

function useTwilio(on: boolean, over: { authToken?: string } = {}): void {
  setTwilioSettings(on ? fake : null, over);
}

async function rowsTo(to: string) {
  return (await getDb()).select().from(smsMessages).where(eq(smsMessages.to, to));
}

async function rowById(id: string) {
  const [row] = await (await getDb()).select().from(smsMessages).where(eq(smsMessages.id, id));
  return row!;
}

const queue = async (to: string, opts: { key?: string; sendAfter?: Date; body?: string } = {}) =>
  queueSms(await getDb(), { accountId: null, to, body: opts.body ?? `A new call from (415) 555-0123. ${BASE_URL}/calls/1`, kind: "call-alert" }, { key: opts.key, sendAfter: opts.sendAfter });

const sentTo = (to: string) => fake.messages.filter((m) => m.to === to);
const attemptsTo = (to: string) => fake.requests.filter((r) => r.params.To === to);

/** Posts a status callback as Twilio would, signed with `token` (or a given signature). */
function callback(params: Record<string, string>, opts: { signature?: string | null; token?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  const signature = opts.signature === undefined ? signCallback(opts.token ?? TOKEN, CALLBACK_URL, params) : opts.signature;
  if (signature !== null) headers["x-twilio-signature"] = signature;
  return twilioCallback(new Request(CALLBACK_URL, { method: "POST", headers, body: new URLSearchParams(params).toString() }));
}

beforeAll(async () => {
  process.env.PUBLIC_BASE_URL = BASE_URL;
  fake = await startTwilioFake({
    ...TEST_TWILIO_ACCOUNT,
    // Twilio's status callbacks reach the route handler (the public address is not listened on in tests).
    deliverCallback: (url, init) => twilioCallback(new Request(url, init)),
  });
  admin = await createUser({ role: "admin" });
  customer = await createUser();
});
beforeEach(() => useTwilio(false));
afterAll(async () => {
  await fake.stop();
  delete process.env.PUBLIC_BASE_URL;
  useTwilio(false);
});

describe("without Twilio: the SMS outbox", () => {
  it("stores the message as outbox and enqueues no job; nothing reaches Twilio", async () => {
    const to = number();
    const sms = await queue(to);
    expect(sms).toMatchObject({ status: "outbox", created: true });
    expect(await jobStatus(smsDeliveryJob, `${SMS_DELIVERY_JOB}:${sms.id}`)).toBeNull();
    await drainJobs();
    expect(attemptsTo(to)).toHaveLength(0);
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: "outbox", kind: "call-alert", accountId: null, providerSid: null, body: `A new call from (415) 555-0123. ${BASE_URL}/calls/1` });
  });

  it("refuses a number that is not E.164, naming the format, and stores nothing", async () => {
    for (const bad of ["(415) 555-0123", "4155550123", "+1 415 555 0123"]) {
      await expect(queue(bad)).rejects.toThrowError(/"to" must be a phone number in E\.164 format \(e\.g\. \+12125550100\)/);
      expect(await rowsTo(bad)).toHaveLength(0);
    }
  });

  it(`cuts the body to ${MAX_SMS_LENGTH} characters on a word boundary, keeping the link`, async () => {
    const to = number();
    const link = `${BASE_URL}/calls/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90`;
    const summary = Array.from({ length: 90 }, (_, i) => `word${i}`).join(" ");
    await queue(to, { body: `${summary} ${link}` });
    const [row] = await rowsTo(to);
    expect([...row!.body].length).toBeLessThanOrEqual(MAX_SMS_LENGTH);
    expect(row!.body.endsWith(`… ${link}`)).toBe(true);
    expect(summary.startsWith(row!.body.slice(0, row!.body.indexOf("…")))).toBe(true);
  });

  it("the same key stores one row; a repeat answers it without storing anything", async () => {
    const to = number();
    const first = await queue(to, { key: `rule-1:call-${to}` });
    const again = await queue(to, { key: `rule-1:call-${to}`, body: "a different text" });
    expect(again).toEqual({ id: first.id, status: "outbox", created: false });
    const rows = await rowsTo(to);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).not.toBe("a different text");
  });

  it("is written in the caller's transaction: a rollback leaves no row", async () => {
    const to = number();
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await queueSms(tx, { accountId: null, to, body: "rolled back", kind: "call-alert" });
        throw new Error("the caller fails");
      }),
    ).rejects.toThrow("the caller fails");
    expect(await rowsTo(to)).toHaveLength(0);
  });
});

describe("with Twilio (the loopback fake)", () => {
  beforeEach(() => useTwilio(true));

  it("queues a job in the same transaction; the job sends it once and stores Twilio's sid", async () => {
    const to = number();
    const sms = await queue(to, { key: `k-${to}` });
    expect(sms).toMatchObject({ status: "queued", created: true });
    expect(await jobStatus(smsDeliveryJob, `${SMS_DELIVERY_JOB}:${sms.id}`)).toBe("queued");
    expect(attemptsTo(to)).toHaveLength(0);
    await drainJobs();
    const [message] = sentTo(to);
    expect(message).toMatchObject({ from: FROM, body: `A new call from (415) 555-0123. ${BASE_URL}/calls/1`, statusCallback: CALLBACK_URL });
    const row = await rowById(sms.id);
    expect(row).toMatchObject({ status: "sent", providerSid: message!.sid, providerStatus: "queued", error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // A repeat of the key, and the jobs run again: still one message.
    expect((await queue(to, { key: `k-${to}` })).created).toBe(false);
    await makeJobsDue();
    await drainJobs();
    expect(sentTo(to)).toHaveLength(1);
  });

  it("a row already sent is never sent again, even when its job runs again", async () => {
    const to = number();
    const sms = await queue(to);
    await drainJobs();
    await smsDeliveryJob.handler({ smsId: sms.id }, { id: "again", attempt: 1, maxAttempts: 20, signal: new AbortController().signal });
    expect(attemptsTo(to)).toHaveLength(1);
    expect((await rowById(sms.id)).status).toBe("sent");
  });

  it("holds the message until sendAfter (quiet hours)", async () => {
    const to = number();
    const sms = await queue(to, { sendAfter: new Date(Date.now() + 8 * 3_600_000) });
    expect((await rowById(sms.id)).sendAfter).toBeInstanceOf(Date);
    await drainJobs();
    expect(attemptsTo(to)).toHaveLength(0);
    expect((await rowById(sms.id)).status).toBe("queued");
    await makeJobsDue();
    await drainJobs();
    expect(sentTo(to)).toHaveLength(1);
  });

  it("STOP: Twilio's 21610 records the number and marks the row opted_out without a retry; the next SMS to it is stored opted_out and not sent", async () => {
    const to = number();
    fake.optOut(to);
    const first = await queue(to);
    await drainJobs();
    expect(await rowById(first.id)).toMatchObject({ status: "opted_out", error: "Twilio error 21610: Attempt to send to unsubscribed recipient", providerSid: null });
    expect(await (await getDb()).select().from(smsOptOuts).where(eq(smsOptOuts.number, to))).toHaveLength(1);
    await makeJobsDue();
    await drainJobs();
    expect(attemptsTo(to)).toHaveLength(1);

    const next = await queue(to, { key: `after-stop-${to}` });
    expect(next).toMatchObject({ status: "opted_out", created: true });
    expect(await jobStatus(smsDeliveryJob, `${SMS_DELIVERY_JOB}:${next.id}`)).toBeNull();
    await drainJobs();
    expect(attemptsTo(to)).toHaveLength(1);
  });

  it("a number that replied STOP after the message was queued is not asked", async () => {
    const to = number();
    const sms = await queue(to);
    await (await getDb()).insert(smsOptOuts).values({ number: to });
    await drainJobs();
    expect((await rowById(sms.id)).status).toBe("opted_out");
    expect(attemptsTo(to)).toHaveLength(0);
  });

  it("a 500, then Twilio down: retried with backoff, then sent exactly once", async () => {
    const to = number();
    fake.failNext({ status: 500 });
    const sms = await queue(to);
    await drainJobs();
    expect(await rowById(sms.id)).toMatchObject({ status: "queued", error: "Twilio error 20500: Internal Server Error" });
    expect(sentTo(to)).toHaveLength(0);
    // The retry waits for its backoff: nothing is due yet.
    await drainJobs();
    expect(attemptsTo(to)).toHaveLength(1);

    fake.down("refusing");
    await makeJobsDue();
    await drainJobs();
    expect((await rowById(sms.id)).error).toMatch(/^Twilio could not be reached/);
    fake.up();
    await makeJobsDue();
    await drainJobs();
    expect(sentTo(to)).toHaveLength(1);
    expect(await rowById(sms.id)).toMatchObject({ status: "sent", providerSid: sentTo(to)[0]!.sid, error: null });
    await makeJobsDue();
    await drainJobs();
    expect(sentTo(to)).toHaveLength(1);
  });

  it("a permanent refusal (wrong auth token: 20003) marks the row failed with Twilio's message, without a retry", async () => {
    useTwilio(true, { authToken: "ffffffffffffffffffffffffffffffff" });
    const to = number();
    const sms = await queue(to);
    await drainJobs();
    expect(await rowById(sms.id)).toMatchObject({ status: "failed", error: "Twilio error 20003: Authenticate" });
    await makeJobsDue();
    await drainJobs();
    expect(attemptsTo(to)).toHaveLength(1);
  });
});

describe("POST /api/v1/webhooks/twilio (status callbacks)", () => {
  beforeEach(() => useTwilio(true));

  async function sentMessage() {
    const to = number();
    const sms = await queue(to);
    await drainJobs();
    return { to, id: sms.id, sid: sentTo(to)[0]!.sid };
  }

  it("a signed callback stores Twilio's status; the same again, or an earlier status arriving late, changes nothing", async () => {
    const { id, sid } = await sentMessage();
    expect(await fake.sendStatus(sid, "sent")).toBe(200);
    expect((await rowById(id)).providerStatus).toBe("sent");
    const delivered = await callback({ AccountSid: SID, MessageSid: sid, MessageStatus: "delivered", To: "+14155550000", From: FROM, ApiVersion: "2010-04-01" });
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ status: "updated" });
    const repeat = await callback({ AccountSid: SID, MessageSid: sid, MessageStatus: "delivered" });
    expect(await repeat.json()).toEqual({ status: "unchanged" });
    const late = await callback({ AccountSid: SID, MessageSid: sid, MessageStatus: "sent" });
    expect(await late.json()).toEqual({ status: "unchanged" });
    expect(await rowById(id)).toMatchObject({ status: "sent", providerStatus: "delivered", error: null });
  });

  it("a wrong or missing signature is 403 and changes nothing", async () => {
    const { id, sid } = await sentMessage();
    expect(await fake.sendStatus(sid, "delivered", { signWith: "not-the-auth-token-0123456789" })).toBe(403);
    const params = { AccountSid: SID, MessageSid: sid, MessageStatus: "delivered" };
    const missing = await callback(params, { signature: null });
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { message: string }).message).toBe("Invalid or missing X-Twilio-Signature");
    // Signed for another URL (the request's own address is not what Twilio signed).
    expect((await callback(params, { signature: signCallback(TOKEN, "http://localhost:3000/api/v1/webhooks/twilio", params) })).status).toBe(403);
    // A parameter changed after signing.
    const signature = signCallback(TOKEN, CALLBACK_URL, params);
    expect((await callback({ ...params, MessageStatus: "failed" }, { signature })).status).toBe(403);
    expect((await rowById(id)).providerStatus).toBe("queued");
  });

  it("an unknown MessageSid answers 200 and changes nothing", async () => {
    const before = await (await getDb()).select({ id: smsMessages.id, providerStatus: smsMessages.providerStatus }).from(smsMessages);
    const res = await callback({ AccountSid: SID, MessageSid: `SM${"0".repeat(32)}`, MessageStatus: "delivered" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "unknown" });
    const after = await (await getDb()).select({ id: smsMessages.id, providerStatus: smsMessages.providerStatus }).from(smsMessages);
    expect(after).toEqual(before);
  });

  it("ErrorCode 21610 (the recipient replied STOP) opts the number out; the next SMS to it is not sent", async () => {
    const { to, id, sid } = await sentMessage();
    expect(await fake.sendStatus(sid, "failed", { errorCode: 21610 })).toBe(200);
    expect(await rowById(id)).toMatchObject({ status: "opted_out", providerStatus: "failed", error: "Twilio error 21610: the recipient replied STOP" });
    expect(await (await getDb()).select().from(smsOptOuts).where(eq(smsOptOuts.number, to))).toHaveLength(1);
    // Twilio retries a callback it thinks failed: the same one again changes nothing.
    const again = await callback({ AccountSid: SID, MessageSid: sid, MessageStatus: "failed", ErrorCode: "21610" });
    expect(await again.json()).toEqual({ status: "unchanged" });
    expect((await queue(to)).status).toBe("opted_out");
    await drainJobs();
    expect(attemptsTo(to)).toHaveLength(1);
  });

  it("another error code is kept on the row", async () => {
    const { id, sid } = await sentMessage();
    await fake.sendStatus(sid, "undelivered", { errorCode: 30003 });
    expect(await rowById(id)).toMatchObject({ status: "sent", providerStatus: "undelivered", error: "Twilio error 30003 (undelivered)" });
  });

  it("a signed callback without MessageSid is a 400 naming the field", async () => {
    const res = await callback({ AccountSid: SID, MessageStatus: "delivered" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^MessageSid: /);
  });

  it("is a machine caller: another Origin is not refused", async () => {
    const { sid } = await sentMessage();
    const params = { AccountSid: SID, MessageSid: sid, MessageStatus: "sent" };
    const res = await twilioCallback(
      new Request(CALLBACK_URL, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://twilio.example", "x-twilio-signature": signCallback(TOKEN, CALLBACK_URL, params) },
        body: new URLSearchParams(params).toString(),
      }),
    );
    expect(res.status).toBe(200);
  });

  it("does not exist without Twilio configured (404)", async () => {
    useTwilio(false);
    expect((await callback({ AccountSid: SID, MessageSid: `SM${"1".repeat(32)}`, MessageStatus: "sent" })).status).toBe(404);
  });
});

describe("/admin/sms-outbox", () => {
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, " ");

  async function renderPage(cookie: string | null, cursor?: string): Promise<string> {
    request.headers = new Headers(cookie ? { cookie } : {});
    const element = (await SmsOutboxPage({ searchParams: Promise.resolve(cursor ? { cursor } : {}) })) as ReactElement;
    return renderToStaticMarkup(element);
  }

  it("lists the messages newest first, a page at a time, with the status of each", async () => {
    const db = await getDb();
    const base = Date.now() + 24 * 3_600_000;
    const ids = ["aaaa-1", "aaaa-2", "aaaa-3", "aaaa-0"].map((s) => `${s}-${randomInt(1_000_000)}`);
    await db.insert(smsMessages).values([
      { id: ids[0]!, accountId: null, to: "+442079460958", body: "Oldest", kind: "call-alert", status: "outbox", createdAt: new Date(base) },
      { id: ids[1]!, accountId: null, to: "+12125550199", body: "Middle", kind: "digest", status: "failed", error: "Twilio error 21211: Invalid 'To' Phone Number", createdAt: new Date(base + 1000) },
      { id: ids[2]!, accountId: customer.id, to: "+14155550111", body: "Newest", kind: "call-alert", status: "sent", providerStatus: "delivered", createdAt: new Date(base + 2000) },
      {
        id: ids[3]!,
        accountId: null,
        to: "+14155550112",
        body: "Held for the morning",
        kind: "call-alert",
        status: "queued",
        sendAfter: new Date(base + 10 * 3_600_000),
        createdAt: new Date(base - 1000),
      },
    ]);
    const first = await listSmsOutbox({ limit: 2 });
    expect(first.items.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listSmsOutbox({ limit: 2, cursor: first.nextCursor });
    expect(second.items[0]!.id).toBe(ids[0]);
    // A malformed cursor reads the first page.
    expect((await listSmsOutbox({ limit: 2, cursor: "not-a-cursor" })).items.map((m) => m.id)).toEqual([ids[2], ids[1]]);

    const html = await renderPage(admin.cookie);
    const words = text(html);
    expect(words).toContain("SMS outbox");
    expect(words).toContain("Twilio is not configured");
    expect(words).toMatch(/\+1 415 555 0111 Newest call-alert Sent Twilio: delivered/);
    expect(words).toMatch(/\+1 212 555 0199 Middle digest Failed Twilio error 21211: Invalid 'To' Phone Number/);
    expect(words).toMatch(/\+44 20 7946 0958 Oldest call-alert In outbox/);
    expect(words).toMatch(/Held for the morning call-alert Queued Held until [A-Z][a-z]{2} \d/);
    expect(words.indexOf("Newest")).toBeLessThan(words.indexOf("Middle"));
    await db.delete(smsMessages).where(inArray(smsMessages.id, ids));
  });

  it("pages by 50 with an Older messages link", async () => {
    const db = await getDb();
    const base = Date.now() + 48 * 3_600_000;
    const rows = Array.from({ length: 51 }, (_, i) => ({
      id: `page-${i}-${randomInt(1_000_000)}`,
      accountId: null,
      to: "+12125550142",
      body: `Message ${i}`,
      kind: "call-alert",
      status: "outbox" as const,
      createdAt: new Date(base + i * 1000),
    }));
    await db.insert(smsMessages).values(rows);
    const html = await renderPage(admin.cookie);
    expect(html.match(/data-testid="sms-outbox-row"/g)).toHaveLength(50);
    const next = /href="\/admin\/sms-outbox\?cursor=([^"]+)"/.exec(html)?.[1];
    expect(next).toBeDefined();
    expect(text(html)).toContain("Older messages");
    const older = text(await renderPage(admin.cookie, decodeURIComponent(next!)));
    expect(older).toContain("Message 0");
    expect(older).toContain("Newest messages");
    await db.delete(smsMessages).where(
      inArray(
        smsMessages.id,
        rows.map((r) => r.id),
      ),
    );
  });

  it("shows a customer Access Denied and a signed-out visitor the way to sign in, never a message", async () => {
    const to = number();
    await queue(to, { body: "Private text for the outbox test" });
    const denied = text(await renderPage(customer.cookie));
    expect(denied).toContain("Access Denied");
    expect(denied).not.toContain("Private text");
    const anonymous = await renderPage(null);
    expect(anonymous).toContain('data-testid="redirecting-to-login"');
    expect(anonymous).not.toContain("Private text");
  });
});

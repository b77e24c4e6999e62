import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { config } from "@/lib/config";
import { enqueueJob, jobStatus, startJobs } from "@/lib/jobs";
import { drainJobs, makeJobsDue, runDueJobs } from "@/lib/jobs/testing.server";
import { callNotifications, interactions, organization } from "@/db/schema";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { queueSms } from "@/features/sms/sms.server";
import { MAX_SMS_LENGTH } from "@/features/sms/port";
import { callAlertJob } from "@/features/call-alerts/call-alert-job.server";
import { notifyCalls } from "@/features/call-alerts/notify-calls.server";
import { quietUntil } from "@/features/call-alerts/quiet-hours";
import { BURST_SMS_LIMIT } from "@/features/call-alerts/sms-burst-limit";
import * as rulesRoute from "@app/api/notification-rules/route";
import * as prefsRoute from "@app/api/account/notification-preferences/route";
import * as unsubscribeRoute from "@app/api/unsubscribe/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions, type IngestAnswer } from "./interactions-fixtures";
import { deliverRetell, retellFixture, withRetellKey } from "./retell-helpers";
import { mailsTo } from "./outbox";
import { insertOrder } from "./order-fixtures";

/**
 * Issue 25: the per-call notifications, through the real ingestion (the
 * platform API and Retell's webhook) and the jobs it queues. SMS is the SMS
 * port's queueSms, mocked here: what it was asked to send is checked.
 */

vi.mock("@/features/sms/sms.server", async (orig) => ({
  ...(await orig<object>()),
  queueSms: vi.fn(async () => ({ id: globalThis.crypto.randomUUID(), status: "outbox", created: true })),
}));

type SmsCall = { to: string; body: string; kind: string; sendAfter?: Date; key?: string };
const smsTo = (to: string): SmsCall[] =>
  vi
    .mocked(queueSms)
    .mock.calls.filter(([, m]) => m.to === to)
    .map(([, m, o]) => ({ to: m.to, body: m.body, kind: m.kind, sendAfter: o?.sendAfter, key: o?.key }));

let key: string;
withRetellKey();

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob, callAlertJob], workers: false });
  key = await newApiKey(await createUser({ role: "admin" }));
});

beforeEach(() => vi.mocked(queueSms).mockClear());

const CHICAGO = "America/Chicago";

/** A customer (owner, AI employee "Nova") whose account is in `timeZone`. */
async function customer(timeZone = CHICAGO, phone?: string) {
  const c = await customerWithAiEmployee(phone ? { phone } : {});
  const db = await getDb();
  const set = await db.update(organization).set({ timeZone, name: "Bayview Plumbing" }).where(eq(organization.id, c.user.id)).returning({ id: organization.id });
  expect(set).toHaveLength(1);
  return c;
}

async function addRule(u: TestUser, body: Record<string, unknown>): Promise<{ id: string; name: string }> {
  const res = await call(rulesRoute.POST, {
    method: "POST",
    path: "/api/notification-rules",
    cookie: u.cookie,
    body: { name: `Rule ${randomUUID().slice(0, 6)}`, channel: "email", condition: "every_call", ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

async function post(records: Record<string, unknown>[]): Promise<void> {
  const res = await postInteractions(key, { interactions: records });
  expect(res.status).toBe(200);
  const answer = (await res.json()) as IngestAnswer;
  for (const r of answer.results) expect(r.status, r.message ?? "").not.toBe("rejected");
}

/** Our ids of the records the platform sent as `externalIds`. */
async function idsOf(externalIds: string[]): Promise<Map<string, string>> {
  const db = await getDb();
  const rows = await db.select({ id: interactions.id, externalId: interactions.externalId }).from(interactions).where(inArray(interactions.externalId, externalIds));
  return new Map(rows.map((r) => [r.externalId, r.id]));
}

/** The call notification e-mails in the outbox for `to`. */
const mailTo = (to: string) => mailsTo(to, "call-alert");

/** The calls each e-mail to `to` is about (the id in its call link). */
async function callsMailedTo(to: string): Promise<string[]> {
  return (await mailTo(to)).map((m) => /\/calls\/([0-9a-f-]{36})/.exec(m.text)?.[1] ?? "?").sort();
}

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe("conditions", () => {
  it("each rule reaches its recipients for the calls its condition matches; spam and backfilled history reach nobody", async () => {
    const c = await customer();
    const to = { every: address("every"), leads: address("leads"), missed: address("missed"), urgent: address("urgent"), phrase: address("phrase") };
    await addRule(c.user, { condition: "every_call", extraRecipients: [to.every] });
    await addRule(c.user, { condition: "leads_and_bookings", extraRecipients: [to.leads] });
    await addRule(c.user, { condition: "missed_and_voicemail", extraRecipients: [to.missed] });
    await addRule(c.user, { condition: "urgent", extraRecipients: [to.urgent] });
    await addRule(c.user, { condition: "phrase", phrase: "water heater", extraRecipients: [to.phrase] });
    const r = (over: Record<string, unknown>) => phoneRecord(c.orderId, { from: "+12125550100", summary: "Asked about prices", ...over });
    const calls = {
      plain: r({}),
      booked: r({ appointmentBooked: true }),
      lead: r({ tags: ["Lead"] }),
      missed: r({ outcome: "no_answer", durationSeconds: 0 }),
      voicemail: r({ outcome: "voicemail" }),
      outboundMissed: r({ direction: "outbound", outcome: "no_answer", durationSeconds: 0, to: "+12125550100" }),
      urgent: r({ tags: ["urgent"] }),
      phrase: r({ summary: "Their Water  Heater is leaking" }),
      spam: r({ outcome: "spam", tags: ["urgent", "lead"], summary: "water heater" }),
      taggedSpam: r({ tags: ["Spam", "urgent"] }),
      // History sent days later (a backfill): nobody is told.
      history: r({ startedAt: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
    };
    await post(Object.values(calls));
    await drainJobs();
    const id = await idsOf(Object.values(calls).map((x) => x.id as string));
    const ids = (...names: Array<keyof typeof calls>) => names.map((n) => id.get(calls[n].id as string)!).sort();
    expect(await callsMailedTo(to.every)).toEqual(ids("plain", "booked", "lead", "missed", "voicemail", "outboundMissed", "urgent", "phrase"));
    expect(await callsMailedTo(to.leads)).toEqual(ids("booked", "lead"));
    expect(await callsMailedTo(to.missed)).toEqual(ids("missed", "voicemail"));
    expect(await callsMailedTo(to.urgent)).toEqual(ids("urgent"));
    expect(await callsMailedTo(to.phrase)).toEqual(ids("phrase"));
  });

  it("the e-mail: caller, time in the account's zone, outcome, summary, booking, links, and the unsubscribe headers", async () => {
    const c = await customer();
    const owner = c.user.email.toLowerCase();
    const rule = await addRule(c.user, { name: "Front desk", memberUserIds: [c.user.id], extraRecipients: ["Desk@Example.com"] });
    const rec = phoneRecord(c.orderId, {
      from: "+12125550100",
      callerName: "Rosa Martinez",
      startedAt: new Date(Date.now() - 3_600_000).toISOString(),
      appointmentBooked: true,
      summary: "Booked a <furnace> repair",
    });
    await post([rec]);
    await drainJobs();
    const id = (await idsOf([rec.id as string])).get(rec.id as string)!;
    const [mail] = await mailTo(owner);
    expect(mail).toBeDefined();
    expect((await mailTo("desk@example.com")).length).toBe(1);
    expect(mail!.subject).toBe("New call from Rosa Martinez · Answered");
    const when = new Intl.DateTimeFormat("en-US", { timeZone: CHICAGO, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(rec.startedAt as string));
    for (const line of [
      "Caller: Rosa Martinez, (212) 555-0100",
      "Outcome: Answered",
      "Appointment booked: Yes",
      "AI employee: Nova",
      "Summary: Booked a <furnace> repair",
      `${config().baseUrl}/calls/${id}`,
      `${config().baseUrl}/calls/${id}#report-spam`,
    ]) {
      expect(mail!.text).toContain(line);
    }
    expect(mail!.text).toMatch(new RegExp(`Time: \\w{3} \\d{1,2}, \\d{4} ${when} C[SD]T`));
    expect(mail!.html).toContain("Booked a &lt;furnace&gt; repair");
    expect(mail!.text).toContain(`You receive this because of the notification rule “Front desk” of Bayview Plumbing.`);
    expect(mail!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.headers!["List-Unsubscribe"]).toMatch(new RegExp(`^<${config().baseUrl}/api/unsubscribe\\?token=[^>]+>$`));
    const db = await getDb();
    const rows = await db.select().from(callNotifications).where(eq(callNotifications.interactionId, id));
    expect(rows.map((r) => ({ rule: r.ruleId, to: r.recipient, status: r.status, summary: r.withSummary, message: Boolean(r.messageId) })).sort((a, b) => a.to.localeCompare(b.to))).toEqual(
      [
        { rule: rule.id, to: "desk@example.com", status: "sent", summary: true, message: true },
        { rule: rule.id, to: owner, status: "sent", summary: true, message: true },
      ].sort((a, b) => a.to.localeCompare(b.to)),
    );
  });

  it("a rule covers only the AI employees it names; a disabled rule and another account's rule reach nobody; an account without rules gets no job", async () => {
    const c = await customer();
    const second = await insertOrder("Max", "+1 (555) 010-7788", {
      customerEmail: c.user.email,
      status: "claimed",
      accountId: c.user.id,
      claimedByUserId: c.user.id,
      createdAt: new Date(Date.now() - 50 * 86_400_000),
    });
    const onlyMax = address("only-max");
    const disabled = address("disabled");
    await addRule(c.user, { aiEmployeeIds: [second], extraRecipients: [onlyMax] });
    await addRule(c.user, { enabled: false, extraRecipients: [disabled] });
    const other = await customer();
    const othersRule = address("others");
    await addRule(other.user, { extraRecipients: [othersRule] });
    const novaCall = phoneRecord(c.orderId);
    const maxCall = phoneRecord(second);
    await post([novaCall, maxCall]);
    await drainJobs();
    const id = await idsOf([novaCall.id as string, maxCall.id as string]);
    expect(await callsMailedTo(onlyMax)).toEqual([id.get(maxCall.id as string)]);
    expect(await mailTo(disabled)).toHaveLength(0);
    expect(await mailTo(othersRule)).toHaveLength(0);

    const lonely = await customer();
    const rec = phoneRecord(lonely.orderId);
    await post([rec]);
    const lonelyId = (await idsOf([rec.id as string])).get(rec.id as string)!;
    expect(await jobStatus(callAlertJob, `call-alert:${lonelyId}:now`)).toBeNull();
  });
});

/** Quiet hours around now in `tz`: from an hour ago to an hour from now. */
function quietAroundNow(tz: string): { start: string; end: string } {
  const hhmm = (d: Date) => new Intl.DateTimeFormat("en-US", { timeZone: tz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
  return { start: hhmm(new Date(Date.now() - 3_600_000)), end: hhmm(new Date(Date.now() + 3_600_000)) };
}

describe("SMS", () => {
  it("quiet hours hold the SMS until they end, and not the e-mail; a rule without them sends at once", async () => {
    const c = await customer();
    const quiet = quietAroundNow(CHICAGO);
    const held = "+12125550141";
    const direct = "+12125550142";
    const mail = address("quiet-mail");
    await addRule(c.user, { channel: "sms", extraRecipients: ["(212) 555-0141"], quietHours: quiet });
    await addRule(c.user, { channel: "sms", extraRecipients: [direct] });
    await addRule(c.user, { channel: "email", extraRecipients: [mail], quietHours: quiet });
    const rec = phoneRecord(c.orderId, { from: "+12125550100", callerName: "Rosa Martinez", summary: "Booked a furnace repair for tomorrow morning" });
    await post([rec]);
    await drainJobs();
    const id = (await idsOf([rec.id as string])).get(rec.id as string)!;
    const [sms] = smsTo(held);
    expect(smsTo(held)).toHaveLength(1);
    const expected = quietUntil(new Date(), CHICAGO, quiet.start, quiet.end)!;
    expect(Math.abs(sms!.sendAfter!.getTime() - expected.getTime())).toBeLessThan(60_000);
    expect(sms!.sendAfter!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(sms!.body).toBe(`New call from Rosa Martinez · Answered\nBooked a furnace repair for tomorrow morning\n${config().baseUrl}/calls/${id}`);
    expect(sms!.body.length).toBeLessThanOrEqual(MAX_SMS_LENGTH);
    expect(sms!.kind).toBe("call-alert");
    expect(smsTo(direct)).toHaveLength(1);
    expect(smsTo(direct)[0]!.sendAfter).toBeUndefined();
    // The e-mail goes now, quiet hours or not.
    const [m] = await mailTo(mail);
    expect(m?.status).toBe("outbox");
  });

  it("a burst of 500 calls sends five SMS and then one message with the count, not 500", async () => {
    const c = await customer("UTC");
    const to = "+12125550143";
    const rule = await addRule(c.user, { channel: "sms", extraRecipients: [to] });
    const start = Date.now() - 30 * 60_000;
    const records = Array.from({ length: 500 }, (_, i) => phoneRecord(c.orderId, { startedAt: new Date(start + i * 1000).toISOString(), transcript: undefined }));
    await post(records);
    await drainJobs();
    expect(smsTo(to).map((s) => s.kind)).toEqual(Array(BURST_SMS_LIMIT).fill("call-alert"));
    const db = await getDb();
    const statuses = async () => {
      const rows = await db.select({ status: callNotifications.status }).from(callNotifications).where(eq(callNotifications.ruleId, rule.id));
      return rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    };
    expect(await statuses()).toEqual({ sent: 5, batched: 495 });
    // The window ends: its one message.
    expect(await makeJobsDue()).toBeGreaterThanOrEqual(1);
    await drainJobs();
    const all = smsTo(to);
    expect(all).toHaveLength(BURST_SMS_LIMIT + 1);
    expect(all[5]!.kind).toBe("call-alert-burst");
    expect(all[5]!.body).toMatch(new RegExp(`^495 new calls since \\d{2}:\\d{2}: ${config().baseUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/calls$`));
    expect(await statuses()).toEqual({ sent: 5, summarised: 495 });
    // Run again: nothing more.
    await makeJobsDue();
    await drainJobs();
    expect(smsTo(to)).toHaveLength(BURST_SMS_LIMIT + 1);
  });
});

describe("the burst limit with two instances", () => {
  it("runs at the same time count each other's SMS: five sent, the rest held for the burst message", async () => {
    const c = await customer("UTC");
    const to = "+12125550145";
    const rule = await addRule(c.user, { channel: "sms", extraRecipients: [to] });
    const records = Array.from({ length: 20 }, () => phoneRecord(c.orderId, { transcript: undefined }));
    await post(records);
    const ids = [...(await idsOf(records.map((r) => r.id as string))).values()];
    // Four workers at once, five calls each, before the queued jobs run.
    await Promise.all([0, 5, 10, 15].map((i) => notifyCalls(ids.slice(i, i + 5))));
    await drainJobs();
    const db = await getDb();
    const rows = await db.select({ status: callNotifications.status }).from(callNotifications).where(eq(callNotifications.ruleId, rule.id));
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(BURST_SMS_LIMIT);
    expect(rows.filter((r) => r.status === "batched")).toHaveLength(20 - BURST_SMS_LIMIT);
    expect(smsTo(to)).toHaveLength(BURST_SMS_LIMIT);
  });
});

describe("exactly once", () => {
  it("the same record sent twice, even at once, and the job run again or twice at the same time: one notification per recipient", async () => {
    const c = await customer();
    const to = address("once");
    const phone = "+12125550144";
    await addRule(c.user, { extraRecipients: [to] });
    await addRule(c.user, { channel: "sms", extraRecipients: [phone] });
    const rec = phoneRecord(c.orderId);
    await Promise.all([post([rec]), post([rec])]);
    await post([rec]);
    const id = (await idsOf([rec.id as string])).get(rec.id as string)!;
    // Two instances at once, both before anything was told; then the queued job, and a stray one for the same call.
    await Promise.all([notifyCalls([id]), notifyCalls([id])]);
    await drainJobs();
    const db = await getDb();
    await enqueueJob(db, callAlertJob, { interactionIds: [id] }, { idempotencyKey: `call-alert:${id}:stray-${randomUUID()}` });
    await drainJobs();
    expect(await mailTo(to)).toHaveLength(1);
    expect(smsTo(phone)).toHaveLength(1);
    expect(await db.select().from(callNotifications).where(eq(callNotifications.interactionId, id))).toHaveLength(2);
  });
});

describe("the wait for the summary", () => {
  let nova: Awaited<ReturnType<typeof customer>>;
  let to: string;
  beforeAll(async () => {
    // The Retell fixtures' calls reach +14155550142.
    nova = await customer(CHICAGO, "+1 (415) 555-0142");
    to = address("summary");
    await addRule(nova.user, { extraRecipients: [to] });
  });
  const retell = (name: string, callId: string) => deliverRetell(JSON.stringify(retellFixture(name, nova.orderId, { call_id: callId })));
  const mailAbout = async (callId: string) => {
    const [row] = await (
      await getDb()
    )
      .select({ id: interactions.id })
      .from(interactions)
      .where(eq(interactions.externalId, `retell:${callId}`));
    return (await mailTo(to)).filter((m) => m.text.includes(`/calls/${row!.id}`));
  };

  it("a call without a summary is not told before it arrives; it is told with it; the 2-minute timeout then sends nothing", async () => {
    const callId = `call_wait_${randomUUID().slice(0, 8)}`;
    expect((await retell("call-ended-inbound", callId)).status).toBe(200);
    await runDueJobs();
    expect(await mailAbout(callId)).toHaveLength(0);
    expect((await retell("call-analyzed-inbound", callId)).status).toBe(200);
    await drainJobs();
    const mails = await mailAbout(callId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Summary: The caller reported a leaking water heater");
    await makeJobsDue();
    await drainJobs();
    expect(await mailAbout(callId)).toHaveLength(1);
    const db = await getDb();
    const [row] = await db
      .select({ withSummary: callNotifications.withSummary })
      .from(callNotifications)
      .innerJoin(interactions, eq(interactions.id, callNotifications.interactionId))
      .where(eq(interactions.externalId, `retell:${callId}`));
    expect(row?.withSummary).toBe(true);
  });

  it("a summary that never comes: told without it once the wait is over; a late one sends nothing more", async () => {
    const callId = `call_nosum_${randomUUID().slice(0, 8)}`;
    expect((await retell("call-ended-inbound", callId)).status).toBe(200);
    await drainJobs();
    expect(await mailAbout(callId)).toHaveLength(0);
    // Two minutes pass.
    await makeJobsDue();
    await drainJobs();
    const mails = await mailAbout(callId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Summary: The summary was not ready yet.");
    expect((await retell("call-analyzed-inbound", callId)).status).toBe(200);
    await drainJobs();
    expect(await mailAbout(callId)).toHaveLength(1);
  });

  it("a record sent through the API without a summary waits the same way", async () => {
    const rec = phoneRecord(nova.orderId, { summary: undefined });
    await post([rec]);
    await drainJobs();
    const id = (await idsOf([rec.id as string])).get(rec.id as string)!;
    expect((await mailTo(to)).filter((m) => m.text.includes(id))).toHaveLength(0);
    expect(await jobStatus(callAlertJob, `call-alert:${id}:timeout`)).toBe("queued");
    await makeJobsDue();
    await drainJobs();
    expect((await mailTo(to)).filter((m) => m.text.includes(id))).toHaveLength(1);
  });
});

describe("opting out", () => {
  it("a member turning a rule off, and a one-click unsubscribe from the e-mail's own header, stop that rule for that recipient only", async () => {
    const c = await customer();
    const a = address("a");
    const b = address("b");
    const rule = await addRule(c.user, { memberUserIds: [c.user.id], extraRecipients: [a, b] });
    const other = await addRule(c.user, { extraRecipients: [a] });
    // The owner turns the rule off for themselves.
    const put = await call(prefsRoute.PUT, { method: "PUT", path: "/api/account/notification-preferences", cookie: c.user.cookie, body: { rules: { [rule.id]: false } } });
    expect(put.status).toBe(200);
    const first = phoneRecord(c.orderId);
    await post([first]);
    await drainJobs();
    expect(await mailTo(c.user.email.toLowerCase())).toHaveLength(0);
    expect(await mailTo(b)).toHaveLength(1);
    const toA = await mailTo(a);
    expect(toA).toHaveLength(2);

    // `a` unsubscribes from `rule` with the URL of its List-Unsubscribe header, as a mail provider does: a form post from its own origin.
    const db = await getDb();
    const [ruleMail] = (await mailTo(a)).filter((m) => m.text.includes(`“${rule.name}”`));
    const url = /^<(.+)>$/.exec(ruleMail!.headers!["List-Unsubscribe"]!)![1]!;
    const req = new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.net" }, body: "List-Unsubscribe=One-Click" });
    const res = await unsubscribeRoute.POST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("You are unsubscribed.");

    const second = phoneRecord(c.orderId);
    await post([second]);
    await drainJobs();
    const secondId = (await idsOf([second.id as string])).get(second.id as string)!;
    const about = async (to: string) => (await mailTo(to)).filter((m) => m.text.includes(secondId));
    expect(await about(b)).toHaveLength(1);
    // `a` still receives the other rule, only that one.
    const aNow = await about(a);
    expect(aNow).toHaveLength(1);
    expect(aNow[0]!.text).toContain(`“${other.name}”`);
    expect(await about(c.user.email.toLowerCase())).toHaveLength(0);
    const notified = await db
      .select({ to: callNotifications.recipient })
      .from(callNotifications)
      .where(and(eq(callNotifications.interactionId, secondId), eq(callNotifications.ruleId, rule.id)));
    expect(notified.map((n) => n.to)).toEqual([b]);
  });
});

import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { customerNotices, emailMessages, interactions, meterReports, notifications, usageAlerts } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { getProvider } from "@/features/billing/provider";
import { checkUsageAlerts, usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { meterReportAfterRateLimitJob, meterReportJob, reportInteractionMeters } from "@/features/interactions/meter-report.server";
import { usageAnchor, usageMonth } from "@/features/usage/usage-month";
import { anonymiseOldInteractions } from "@/features/interactions/retention.server";
import { GET as getUser } from "@app/api/auth/user/route";
import * as monthlyUsage from "@app/api/interactions/monthly-usage.csv/route";
import * as activity from "@app/api/activity/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions } from "./interactions-fixtures";

/** Issue 13: usage alerts exactly once, the provider's meters exactly once, and retention (ADRs 0147, 0146 and 0149). */

let admin: TestUser;
let key: string;

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob, meterReportJob, meterReportAfterRateLimitJob], workers: false });
  admin = await createUser({ role: "admin" });
  key = await newApiKey(admin);
});

afterEach(() => vi.restoreAllMocks());

/** `n` answered calls of 3 units each (400 s). */
const calls = (orderId: string, n: number) => Array.from({ length: n }, () => phoneRecord(orderId, { durationSeconds: 400 }));

async function alertsOf(userId: string, subscriptionId: string) {
  const db = await getDb();
  const emails = await db
    .select({ subject: emailMessages.subject })
    .from(emailMessages)
    .where(and(eq(emailMessages.to, (await db.query.user.findFirst({ where: (u, { eq: e }) => e(u.id, userId) }))!.email), eq(emailMessages.kind, "usage-alert")));
  const notices = await db.select({ title: customerNotices.title }).from(customerNotices).where(eq(customerNotices.accountId, userId));
  const sent = await db.select({ threshold: usageAlerts.threshold }).from(usageAlerts).where(eq(usageAlerts.subscriptionId, subscriptionId));
  const admins = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(sql`${notifications.dedupeKey} like ${`usage-alert:${subscriptionId}:%`}`);
  return {
    emails: emails.map((e) => e.subject).sort(),
    notices: notices.map((n) => n.title).sort(),
    thresholds: sent.map((s) => s.threshold).sort((a, b) => a - b),
    adminNotifications: admins.length,
  };
}

describe("usage alerts", () => {
  it("sends one e-mail and one notice at 80% and at 100%, never twice, under concurrent ingestion", async () => {
    const c = await customerWithAiEmployee({ planId: "small" }); // 120 units
    // 96 units (80%) in four requests at once.
    const batch = calls(c.orderId, 32);
    await Promise.all([0, 8, 16, 24].map((i) => postInteractions(key, { interactions: batch.slice(i, i + 8) })));
    await drainJobs();
    expect(await alertsOf(c.user.id, c.subscriptionId!)).toEqual({
      emails: ["You have used 80% of this month's units"],
      notices: ["80% of this month's units used"],
      thresholds: [80],
      adminNotifications: 0,
    });

    // 120 units: the 100% alert, and the admins hear of it.
    await postInteractions(key, { interactions: calls(c.orderId, 8) });
    await drainJobs();
    // Checked again, concurrently: nothing more.
    const month = usageMonth(usageAnchor({ trialEnd: null, createdAt: new Date(Date.now() - 40 * 86_400_000) }), new Date(Date.now() - 3_600_000)).start;
    await Promise.all([1, 2, 3].map(() => checkUsageAlerts(c.subscriptionId!, [month])));
    expect(await alertsOf(c.user.id, c.subscriptionId!)).toEqual({
      emails: ["You have used 80% of this month's units", "You have used all the units included this month"],
      notices: ["80% of this month's units used", "All included units used"],
      thresholds: [80, 100],
      adminNotifications: 1,
    });
  });

  it("does not alert below 80%, nor on an unlimited plan", async () => {
    const small = await customerWithAiEmployee({ planId: "small" });
    await postInteractions(key, { interactions: calls(small.orderId, 31) }); // 93 units: 77.5%
    const enterprise = await customerWithAiEmployee({ planId: "enterprise" });
    await postInteractions(key, { interactions: calls(enterprise.orderId, 50) });
    await drainJobs();
    expect((await alertsOf(small.user.id, small.subscriptionId!)).thresholds).toEqual([]);
    expect((await alertsOf(enterprise.user.id, enterprise.subscriptionId!)).thresholds).toEqual([]);
  });
});

describe("provider meters", () => {
  it("reports whole units once per subscription, month and meter, carrying fractions, and resends a lost report unchanged", async () => {
    const c = await customerWithAiEmployee({ planId: "medium" });
    const provider = await getProvider();
    const sent: { eventName: string; value: number; identifier: string; customerId: string }[] = [];
    const spy = vi.spyOn(provider, "reportMeterEvent").mockImplementation(async (e) => void sent.push({ eventName: e.eventName, value: e.value, identifier: e.identifier, customerId: e.customerId }));
    const mine = () => sent.filter((e) => e.customerId === `cus_${c.subscriptionId!.slice(0, 8)}`);

    // Phone inbound 2.15 units, SMS outbound 0.5: one event of 2 phone units.
    await postInteractions(key, {
      interactions: [
        phoneRecord(c.orderId, { durationSeconds: 200 }),
        phoneRecord(c.orderId, { outcome: "voicemail" }),
        phoneRecord(c.orderId, { channel: "sms", direction: "outbound", durationSeconds: undefined, agentMessages: 3 }),
      ],
    });
    await reportInteractionMeters();
    expect(mine().map((e) => [e.eventName, e.value])).toEqual([["phone_inbound", 2]]);

    // Six voicemails (0.9): 3.05 in all, one more whole unit; the SMS is still half a unit.
    await postInteractions(key, { interactions: Array.from({ length: 6 }, () => phoneRecord(c.orderId, { outcome: "voicemail" })) });
    // The provider's answer is lost once: the same event goes out again next time.
    spy.mockRejectedValueOnce(new Error("connection reset"));
    await expect(reportInteractionMeters()).rejects.toThrow(/retried next minute/);
    await reportInteractionMeters();
    await reportInteractionMeters(); // nothing new: nothing sent
    const events = mine();
    expect(events.map((e) => [e.eventName, e.value])).toEqual([
      ["phone_inbound", 2],
      ["phone_inbound", 1],
    ]);
    expect(events[1]!.identifier).toMatch(/-phone_inbound-3$/);
    const db = await getDb();
    const rows = await db.select().from(meterReports).where(eq(meterReports.subscriptionId, c.subscriptionId!));
    expect(rows.map((r) => [r.category, r.reportedUnits, r.pendingUnits, r.dirty]).sort()).toEqual([
      ["phone_inbound", 3, null, false],
      ["text_outbound", 0, null, false],
    ]);
  });

  it("reports each unit once when two runs go at the same time", async () => {
    const c = await customerWithAiEmployee({ planId: "medium" });
    const sent: { value: number; identifier: string }[] = [];
    vi.spyOn(await getProvider(), "reportMeterEvent").mockImplementation(async (e) => {
      if (e.customerId === `cus_${c.subscriptionId!.slice(0, 8)}`) sent.push({ value: e.value, identifier: e.identifier });
    });
    await postInteractions(key, { interactions: calls(c.orderId, 4) }); // 12 units
    await Promise.all([reportInteractionMeters(), reportInteractionMeters()]);
    await postInteractions(key, { interactions: calls(c.orderId, 1) }); // 15 units
    await Promise.all([reportInteractionMeters(), reportInteractionMeters()]);
    // The provider counts an identifier once (stripe-notes): what it counted is the distinct events.
    const counted = new Map(sent.map((e) => [e.identifier, e.value]));
    expect([...counted.values()].reduce((a, b) => a + b, 0)).toBe(15);
    const db = await getDb();
    const [row] = await db.select().from(meterReports).where(eq(meterReports.subscriptionId, c.subscriptionId!));
    expect([row!.reportedUnits, row!.pendingUnits, row!.dirty]).toEqual([15, null, false]);
  });

  it("loses no units when a run stops half-way: the next run reports what it had not sent", async () => {
    const a = await customerWithAiEmployee({ planId: "medium" });
    const b = await customerWithAiEmployee({ planId: "medium" });
    const ours = new Map([`cus_${a.subscriptionId!.slice(0, 8)}`, `cus_${b.subscriptionId!.slice(0, 8)}`].map((id) => [id, new Map<string, number>()]));
    let stopped = false;
    vi.spyOn(await getProvider(), "reportMeterEvent").mockImplementation(async (e) => {
      const counted = ours.get(e.customerId);
      if (!counted) return;
      // The first of our events never answers: the run stops there (a crash or a deploy).
      if (!stopped) {
        stopped = true;
        return new Promise<void>(() => {});
      }
      counted.set(e.identifier, e.value);
    });
    await postInteractions(key, { interactions: calls(a.orderId, 2) }); // 6 units
    await postInteractions(key, { interactions: calls(b.orderId, 3) }); // 9 units
    void reportInteractionMeters();
    await vi.waitFor(() => expect(stopped).toBe(true));
    await reportInteractionMeters();
    const total = (m: Map<string, number>) => [...m.values()].reduce((x, y) => x + y, 0);
    expect([...ours.values()].map(total).sort((x, y) => x - y)).toEqual([6, 9]);
  });

  it("never reports a trial month", async () => {
    const c = await customerWithAiEmployee({ status: "trialing", trialEnd: new Date(Date.now() + 7 * 86_400_000), createdAt: new Date(Date.now() - 7 * 86_400_000) });
    const spy = vi.spyOn(await getProvider(), "reportMeterEvent").mockResolvedValue();
    await postInteractions(key, { interactions: calls(c.orderId, 3) });
    await reportInteractionMeters();
    expect(spy.mock.calls.filter(([e]) => e.customerId === `cus_${c.subscriptionId!.slice(0, 8)}`)).toHaveLength(0);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(meterReports)
        .where(inArray(meterReports.subscriptionId, [c.subscriptionId!])),
    ).toHaveLength(0);
  });
});

describe("retention", () => {
  it("anonymises conversation logs older than the retention and keeps their units", async () => {
    const c = await customerWithAiEmployee();
    const old = phoneRecord(c.orderId, { startedAt: new Date(Date.now() - 366 * 86_400_000).toISOString(), summary: "Quokkaquartz leak fixed", recordingUrl: "https://rec.example.com/a.wav" });
    const recent = phoneRecord(c.orderId, { startedAt: new Date(Date.now() - 364 * 86_400_000).toISOString(), summary: "Quokkaquartz boiler serviced" });
    await postInteractions(key, { interactions: [old, recent] });
    expect(await anonymiseOldInteractions()).toBeGreaterThanOrEqual(1);
    const db = await getDb();
    const rows = await db
      .select()
      .from(interactions)
      .where(inArray(interactions.externalId, [old.id as string, recent.id as string]));
    const o = rows.find((r) => r.externalId === old.id)!;
    const r = rows.find((x) => x.externalId === recent.id)!;
    expect([o.transcript, o.recordingUrl, o.summary, o.fromNumber, o.toNumber, o.unitsMilli, o.anonymizedAt !== null]).toEqual([null, null, null, null, null, 1000, true]);
    expect([r.summary, r.fromNumber, r.anonymizedAt]).toEqual(["Quokkaquartz boiler serviced", "+15550100200", null]);
    // The search forgets the anonymised words.
    const found = await db
      .select({ id: interactions.id })
      .from(interactions)
      .where(sql`${interactions.search} @@ websearch_to_tsquery('english', 'quokkaquartz')`);
    expect(found.map((f) => f.id)).toEqual(rows.filter((x) => x.externalId === recent.id).map((x) => x.id));
    expect(await anonymiseOldInteractions()).toBe(0);
  });
});

describe("the dashboard's Usage This Month", () => {
  it("counts this month's phone and text units, spam-reported calls as 0, and prices the extra units at the plan's rate", async () => {
    const c = await customerWithAiEmployee({ planId: "small" }); // 120 units, $1.98 a unit monthly
    const spam = phoneRecord(c.orderId, { durationSeconds: 400 });
    await postInteractions(key, {
      interactions: [
        ...calls(c.orderId, 42), // 126 units
        phoneRecord(c.orderId, { channel: "chat", durationSeconds: undefined, agentMessages: 20 }), // 1 unit
        spam,
        phoneRecord(c.orderId, { durationSeconds: 400, startedAt: new Date(Date.now() - 45 * 86_400_000).toISOString() }), // last month
      ],
    });
    const db = await getDb();
    await db
      .update(interactions)
      .set({ spamReportedAt: new Date() })
      .where(eq(interactions.externalId, spam.id as string));
    const res = await call(getUser, { path: "/api/auth/user", cookie: c.user.cookie });
    const body = (await res.json()) as { subscription: { usage: Record<string, number>; units: Record<string, unknown> } };
    expect(body.subscription.usage).toEqual({ phoneUsed: 126, phoneLimit: 120, textUsed: 1, textLimit: 120 });
    expect(body.subscription.units).toMatchObject({ calls: 43, conversations: 1, included: 120, extra: 7, extraCostCents: 7 * 198 });
  });
});

describe("the monthly usage report", () => {
  it("has one row per usage month with units, the extra units and their cost; only the caller's", async () => {
    const c = await customerWithAiEmployee({ planId: "small" });
    await postInteractions(key, { interactions: [...calls(c.orderId, 42), phoneRecord(c.orderId, { channel: "sms", durationSeconds: undefined, agentMessages: 31 })] });
    const res = await call(monthlyUsage.GET, { path: "/api/interactions/monthly-usage.csv", cookie: c.user.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("month_start,month_end,plan,billing,phone_units,text_units,calls,conversations,included_units,extra_units,extra_cost_usd");
    expect(lines).toHaveLength(2);
    expect(lines[1]!.split(",").slice(2)).toEqual(["Small", "monthly", "126", "1.5", "42", "1", "120", "7.5", "14.85"]);
    // Every cell is a plain value: no quotes, no formula guard a spreadsheet would show (ADR 0105).
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,\d{4}-\d\d-\d\dT[\d:.]+Z,Small,monthly,[\d.,]+$/);
    const other = await createUser();
    expect((await (await call(monthlyUsage.GET, { path: "/api/interactions/monthly-usage.csv", cookie: other.cookie })).text()).trim().split("\r\n")).toHaveLength(1);
    expect((await call(monthlyUsage.GET, { path: "/api/interactions/monthly-usage.csv" })).status).toBe(401);
  });
});

describe("Recent Activity", () => {
  it("lists the AI employee's calls and chats with the summary's first line; a booked one is an appointment", async () => {
    const c = await customerWithAiEmployee();
    await postInteractions(key, {
      interactions: [
        phoneRecord(c.orderId, { summary: "Booked a boiler service\nCaller prefers mornings", appointmentBooked: true, startedAt: new Date(Date.now() - 60_000).toISOString() }),
        phoneRecord(c.orderId, { channel: "chat", durationSeconds: undefined, agentMessages: 4, summary: undefined, startedAt: new Date(Date.now() - 120_000).toISOString() }),
        phoneRecord(c.orderId, { outcome: "voicemail", summary: undefined, startedAt: new Date(Date.now() - 180_000).toISOString() }),
      ],
    });
    const body = (await (await call(activity.GET, { path: "/api/activity", cookie: c.user.cookie })).json()) as { entries: { description: string; type: string }[]; sample: boolean };
    expect(body.sample).toBe(false);
    expect(body.entries.slice(0, 3).map((e) => [e.type, e.description])).toEqual([
      ["appointment", "Call from +15550100200: Booked a boiler service"],
      ["chat", "Chat from +15550100200"],
      ["call", "Call from +15550100200 (voicemail)"],
    ]);
  });
});

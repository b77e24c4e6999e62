import { addMonths } from "date-fns";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { customerNotices, interactions, overageEntries, usageRecords } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { formatUnits } from "@/lib/format";
import { getProvider } from "@/features/billing/provider";
import { findPlan } from "@/features/plans/catalogue";
import { checkUsageAlerts, usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { meterReportAfterRateLimitJob, meterReportJob, reportInteractionMeters } from "@/features/interactions/meter-report.server";
import { overageBillJob } from "@/features/overage/overage.server";
import { autoBillOverage } from "@/features/overage/auto-bill.server";
import { reportSpam } from "@/features/interactions/spam-reports.server";
import { accountUsage } from "@/features/usage/current-month.server";
import { priceUsage } from "@/features/usage/pricing";
import { reportUsageRecord, usageReportJob } from "@/features/usage/usage.server";
import { usageAnchor, usageMonth } from "@/features/usage/usage-month";
import type { SubscriptionPeriodResponse } from "@/features/usage/usage.schema";
import { GET as getUser } from "@app/api/auth/user/route";
import * as monthlyUsage from "@app/api/interactions/monthly-usage.csv/route";
import * as period from "@app/api/admin/subscription-period/route";
import * as addUsage from "@app/api/admin/add-usage/route";
import * as autoBill from "@app/api/admin/subscriptions/[id]/auto-bill-overage/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions } from "./interactions-fixtures";

/**
 * Issue 26, ADR 0133: one usage month computed through every view gives the
 * same units and the same extra cost. The month holds the AI employee's calls
 * and messages, a call credited as spam (0), a record that arrived after the
 * month was billed (late: counts nowhere) and usage recorded by an admin
 * (billed, so it counts everywhere).
 */

let admin: TestUser;
let key: string;
const DAY = 86_400_000;

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob, meterReportJob, meterReportAfterRateLimitJob, overageBillJob, usageReportJob], workers: false });
  admin = await createUser({ role: "admin" });
  key = await newApiKey(admin);
});

afterEach(() => vi.restoreAllMocks());

describe("one usage month, every view", () => {
  it("the dashboard, the CSV, alerts, the admin's cycle units, auto-billing, the meters and accountUsage agree", async () => {
    // A Small monthly subscription (120 units, $1.98 an extra unit) whose usage month began 10 days ago.
    const createdAt = new Date(Date.now() - 10 * DAY);
    const c = await customerWithAiEmployee({ planId: "small", createdAt, period: { start: createdAt, end: addMonths(createdAt, 1) } });
    const subscriptionId = c.subscriptionId!;
    const month = usageMonth(usageAnchor({ trialEnd: null, createdAt }), new Date());
    const at = (days: number) => new Date(createdAt.getTime() + days * DAY).toISOString();

    // The AI employee's month: 38 calls of 400 s (114 units), 2 outbound calls of 60 s (2), 2 texts of 3 messages (1),
    // and a 95 s call (1 unit) the customer reports as spam: 117 units, under the allowance.
    const spam = phoneRecord(c.orderId, { durationSeconds: 95, startedAt: at(2) });
    const answer = await postInteractions(key, {
      interactions: [
        ...Array.from({ length: 38 }, (_, n) => phoneRecord(c.orderId, { durationSeconds: 400, startedAt: at(1 + (n % 8)) })),
        ...Array.from({ length: 2 }, () => phoneRecord(c.orderId, { direction: "outbound", durationSeconds: 60, startedAt: at(3) })),
        ...Array.from({ length: 2 }, () => phoneRecord(c.orderId, { channel: "sms", durationSeconds: undefined, agentMessages: 3, startedAt: at(4) })),
        spam,
      ],
    });
    expect(answer.status).toBe(200);
    const db = await getDb();
    const [spamRow] = await db
      .select({ id: interactions.id })
      .from(interactions)
      .where(eq(interactions.externalId, spam.id as string));
    await reportSpam(c.user.id, spamRow!.id, { id: c.user.id, email: c.user.email });

    // An admin records 8 phone and 4 text sessions in the current cycle: 8 + 2 = 10 units. 127 in all: 7 extra, $13.86.
    const before = (await (await call(period.GET, { path: `/api/admin/subscription-period?subscriptionId=${subscriptionId}`, cookie: admin.cookie })).json()) as SubscriptionPeriodResponse;
    const cycle = before.billingCycles.find((x) => x.isCurrent)!;
    const added = await call(addUsage.POST, {
      method: "POST",
      path: "/api/admin/add-usage",
      cookie: admin.cookie,
      body: { subscriptionId, billingCycleId: cycle.id, phoneInboundUsage: 8, textInboundUsage: 4 },
    });
    expect(added.status).toBe(201);

    const expected = { phone: 124, text: 3, total: 127, extra: 7, extraCostCents: 7 * 198 };
    expect(priceUsage({ usedMilli: expected.total * 1000, plan: findPlan("small"), billing: "monthly", trialEnd: null, monthStart: month.start })).toMatchObject({
      extraMilli: 7000,
      costCents: expected.extraCostCents,
    });

    // Alerts: the admin's sessions take the month past 100% (the calls alone are 97.5%).
    await checkUsageAlerts(subscriptionId, [month.start]);
    const notices = await db
      .select({ title: customerNotices.title, message: customerNotices.message })
      .from(customerNotices)
      .where(and(eq(customerNotices.accountId, c.user.id), eq(customerNotices.kind, "usage-alert")));
    expect(notices.map((n) => n.title).sort()).toEqual(["80% of this month's units used", "All included units used"]);
    for (const n of notices) expect(n.message).toContain(`${formatUnits(expected.total)} of 120 units used this month`);

    // The meters: the interactions' whole units by their report, the admin's sessions by theirs.
    const provider = await getProvider();
    const sent: Array<{ eventName: string; value: number; identifier: string }> = [];
    vi.spyOn(provider, "reportMeterEvent").mockImplementation(async (e) => void sent.push({ eventName: e.eventName, value: e.value, identifier: e.identifier }));
    await reportInteractionMeters();
    const [record] = await db.select({ id: usageRecords.id }).from(usageRecords).where(eq(usageRecords.subscriptionId, subscriptionId));
    await reportUsageRecord(record!.id);
    const meterMilli = () =>
      sent
        .filter((e) => e.identifier.includes(subscriptionId) || e.identifier.includes(record!.id))
        // An interaction meter carries whole units; an admin record's carries sessions (a text session is half a unit).
        .reduce((sum, e) => sum + (e.identifier.startsWith("usage-") && e.eventName.startsWith("text") ? e.value * 500 : e.value * 1000), 0);
    expect(meterMilli()).toBe(expected.total * 1000);

    // Auto-billing, once the month has ended on the provider's clock: one entry of the month's extra cost.
    expect((await call(autoBill.PUT, { method: "PUT", path: "/x", params: { id: subscriptionId }, body: { enabled: true }, cookie: admin.cookie })).status).toBe(200);
    const realNow = provider.now.bind(provider);
    vi.spyOn(provider, "now").mockImplementation(async () => new Date(Math.max((await realNow()).getTime(), month.end.getTime() + 3_600_000)));
    await autoBillOverage();
    vi.mocked(provider.now).mockRestore();
    const entries = await db.select().from(overageEntries).where(eq(overageEntries.subscriptionId, subscriptionId));
    expect(entries.map((e) => [e.totalAmount, e.periodStart.getTime()])).toEqual([[expected.extraCostCents, month.start.getTime()]]);

    // A call of the billed month that arrives now is late: stored, counted nowhere.
    const late = await postInteractions(key, { interactions: [phoneRecord(c.orderId, { durationSeconds: 400, startedAt: at(5) })] });
    expect(((await late.json()) as { results: Array<{ message: string | null }> }).results[0]!.message).toMatch(/^stored late/);
    sent.length = 0;
    await reportInteractionMeters();
    expect(sent.filter((e) => e.identifier.includes(subscriptionId))).toEqual([]);

    // The dashboard summary (/api/auth/user).
    const user = (await (await call(getUser, { path: "/api/auth/user", cookie: c.user.cookie })).json()) as { subscription: { units: Record<string, unknown> } };
    expect(user.subscription.units).toMatchObject({
      monthStart: month.start.toISOString(),
      phone: expected.phone,
      text: expected.text,
      included: 120,
      extra: expected.extra,
      extraCostCents: expected.extraCostCents,
      calls: 41,
      conversations: 2,
    });

    // The monthly CSV row.
    const csv = (await (await call(monthlyUsage.GET, { path: "/api/interactions/monthly-usage.csv", cookie: c.user.cookie })).text()).trim().split("\r\n");
    expect(csv).toHaveLength(2);
    expect(csv[1]!.split(",").slice(2)).toEqual([
      "Small",
      "monthly",
      String(expected.phone),
      String(expected.text),
      "41",
      "2",
      "120",
      String(expected.extra),
      (expected.extraCostCents / 100).toFixed(2),
    ]);

    // The admin's cycle units.
    const after = (await (await call(period.GET, { path: `/api/admin/subscription-period?subscriptionId=${subscriptionId}`, cookie: admin.cookie })).json()) as SubscriptionPeriodResponse;
    expect(after.unitsByCycle[cycle.id]).toMatchObject({
      phone: expected.phone,
      text: expected.text,
      includedPerMonth: 120,
      months: 1,
      extra: expected.extra,
      extraCostCents: expected.extraCostCents,
    });

    // accountUsage's month (insights), for the account and for its AI employee: the same units, day by day too.
    for (const current of [(await accountUsage(c.user.id)).month, (await accountUsage(c.user.id, { aiEmployeeId: c.orderId })).month]) {
      expect(current).toMatchObject({ subscriptionId, start: month.start, end: month.end, includedMilli: 120_000, usedMilli: expected.total * 1000 });
      expect(current!.days.reduce((s, d) => s + d.milli, 0)).toBe(expected.total * 1000);
      expect(priceUsage({ usedMilli: current!.usedMilli, plan: findPlan("small"), billing: "monthly", trialEnd: null, monthStart: current!.start }).costCents).toBe(expected.extraCostCents);
    }
    // Another account's AI employee is not this account's month.
    const other = await createUser();
    expect((await accountUsage(other.id, { aiEmployeeId: c.orderId })).month).toBeNull();
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { interactions, meterReports, subscriptions } from "@/db/schema";
import { nextWaitingRun, startJobs } from "@/lib/jobs";
import { makeJobsDue, runDueJobs } from "@/lib/jobs/testing.server";
import { setProviderForTests } from "@/features/billing/provider";
import { ensureCustomer } from "@/features/billing/customers.server";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { StripeFake } from "@/features/billing/provider/testing/stripe-fake";
import { markMetersDirty, meterReportAfterRateLimitJob, meterReportJob, rateLimitDelaySeconds, reportInteractionMeters } from "@/features/interactions/meter-report.server";
import { unitsFor } from "@/features/plans/units";
import { usageAnchor, usageMonth } from "@/features/usage/usage-month";
import { createUser } from "../http-helpers";
import { stripeOnFake } from "../stripe-fake-webhooks";
import { insertOrder } from "../order-fixtures";

/**
 * Issue 21, meters (ADR 0105): the meter reports did not back off after the
 * provider's rate limit (HTTP 429, Stripe's `rate_limit`). Now the first 429
 * stops the run; the reports continue in a job that starts after the backoff
 * (Retry-After honoured), the minute's runs send nothing meanwhile, and each
 * meter's units are then reported exactly once.
 */
describe("meter reports back off after the provider's rate limit (Stripe adapter, stateful fake)", () => {
  const fake = new StripeFake();
  let customerId: string;
  let subscriptionId: string;
  const meterRequests = () => fake.api.find("POST", "/v1/billing/meter_events").length;

  beforeAll(async () => {
    await startJobs({ jobs: [billingSyncJob, meterReportJob, meterReportAfterRateLimitJob], workers: false });
    const provider = await stripeOnFake(fake, { secretKey: "sk_test_meters", webhookSecret: "whsec_meters" });

    // A paying customer (no trial: trial months are never reported) with an AI employee.
    const u = await createUser();
    customerId = await ensureCustomer({ accountId: u.id, accountName: "Test", email: u.email });
    const card = await provider.stripe.paymentMethods.attach("pm_card_visa", { customer: customerId });
    await provider.createPaidSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: card.id, metadata: { userId: u.id } }, `meters-${u.id}`);
    await syncCustomerSubscriptions(customerId);
    const db = await getDb();
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, u.id));
    expect(sub!.status).toBe("active");
    subscriptionId = sub!.id;
    const orderId = await insertOrder("Nova", "+15555550188", { customerEmail: u.email, status: "active", subscriptionId, claimedByUserId: u.id });

    // This month: 3 inbound and 2 outbound calls of 1 unit each.
    const month = usageMonth(usageAnchor(sub!), new Date()).start;
    const oneUnit = unitsFor({ channel: "phone", outcome: "answered", durationMs: 95_000 });
    const rows = (["inbound", "inbound", "inbound", "outbound", "outbound"] as const).map((direction, n) => {
      const id = `meter-${randomUUID()}`;
      return {
        id,
        sourceKey: "platform:default",
        externalId: id,
        aiReadyOrderId: orderId,
        userId: u.id,
        subscriptionId,
        usageMonthStart: month,
        channel: "phone" as const,
        direction,
        outcome: "answered" as const,
        startedAt: new Date(Date.now() - (n + 1) * 60_000),
        durationMs: 95_000,
        unitsMilli: oneUnit.milli,
        unitRule: oneUnit.rule,
        source: "api" as const,
      };
    });
    await db.insert(interactions).values(rows);
    await markMetersDirty(db, [
      { subscriptionId, usageMonthStart: month, category: "phone_inbound" },
      { subscriptionId, usageMonthStart: month, category: "phone_outbound" },
    ]);
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await fake.stop();
  });

  it("backs off exponentially, never less than Retry-After (capped at an hour)", () => {
    expect([0, 1, 2, 3].map((n) => rateLimitDelaySeconds(n, null))).toEqual([10, 20, 40, 80]);
    expect(rateLimitDelaySeconds(12, null)).toBe(900);
    expect(rateLimitDelaySeconds(0, 30)).toBe(30);
    expect(rateLimitDelaySeconds(3, 30)).toBe(80);
    expect(rateLimitDelaySeconds(0, 86_400)).toBe(3600);
  });

  it("stops at the first 429, sends nothing while backing off, and then reports each meter exactly once", async () => {
    // Stripe limits the next two meter events: the first answer says Retry-After: 30, the second says nothing.
    fake.rateLimit({ requests: 1, method: "POST", path: "/v1/billing/meter_events", retryAfterSeconds: 30 });
    fake.rateLimit({ requests: 1, method: "POST", path: "/v1/billing/meter_events" });

    // The minute's run: one request, refused; the other meter is not tried.
    let started = Date.now();
    expect(await reportInteractionMeters()).toBe(0);
    expect(meterRequests()).toBe(1);
    let resumesAt = await nextWaitingRun(meterReportAfterRateLimitJob);
    expect(resumesAt!.getTime() - started).toBeGreaterThanOrEqual(29_000);
    expect(resumesAt!.getTime() - started).toBeLessThan(40_000);

    // The next minutes' runs, before the backoff has passed: nothing is sent.
    expect(await reportInteractionMeters()).toBe(0);
    expect(await reportInteractionMeters()).toBe(0);
    expect(meterRequests()).toBe(1);

    // The backoff passes: the job tries once, is limited again (no Retry-After), and waits twice as long.
    await makeJobsDue();
    started = Date.now();
    expect(await runDueJobs()).toBe(1);
    expect(meterRequests()).toBe(2);
    resumesAt = await nextWaitingRun(meterReportAfterRateLimitJob);
    expect(resumesAt!.getTime() - started).toBeGreaterThanOrEqual(19_000);
    expect(resumesAt!.getTime() - started).toBeLessThan(30_000);
    expect(await reportInteractionMeters()).toBe(0);
    expect(meterRequests()).toBe(2);

    // The limit is over: both meters are reported, once each.
    await makeJobsDue();
    expect(await runDueJobs()).toBe(1);
    expect(meterRequests()).toBe(4);
    expect(await nextWaitingRun(meterReportAfterRateLimitJob)).toBeNull();
    const events = fake.state.meterEvents.filter((e) => e.customer === customerId);
    expect(
      events
        .filter((e) => e.counted)
        .map((e) => [e.event_name, e.value])
        .sort(),
    ).toEqual([
      ["phone_inbound", 3],
      ["phone_outbound", 2],
    ]);
    expect(events).toHaveLength(2);

    // Nothing left: the next run sends nothing.
    expect(await reportInteractionMeters()).toBe(0);
    expect(meterRequests()).toBe(4);
    const db = await getDb();
    const reports = await db.select().from(meterReports).where(eq(meterReports.subscriptionId, subscriptionId));
    expect(reports.map((r) => [r.category, r.reportedUnits, r.pendingUnits, r.dirty]).sort()).toEqual([
      ["phone_inbound", 3, null, false],
      ["phone_outbound", 2, null, false],
    ]);
  });
});

import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { subscriptions, usageRecords } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { makeJobsDue, runDueJobs } from "@/lib/jobs/testing.server";
import { setProviderForTests } from "@/features/billing/provider";
import { ProviderError } from "@/features/billing/provider/port";
import { SandboxProvider } from "@/features/billing/sandbox/sandbox-provider.server";
import { sandboxNow } from "@/features/billing/sandbox/store.server";
import { FakeProvider } from "@/features/usage/testing/fake-provider";
import { seedSubscription } from "@/features/usage/testing/seed";
import { usageReportJob } from "@/features/usage/usage.server";
import type { AddUsageResponse, SubscriptionPeriodResponse } from "@/features/usage/usage.schema";
import * as addUsage from "@app/api/admin/add-usage/route";
import * as period from "@app/api/admin/subscription-period/route";
import { call, createUser, type TestUser } from "./http-helpers";

/**
 * Stripe accepts a meter event only when its timestamp is within the past 35
 * calendar days and at most 5 minutes in the future
 * (https://docs.stripe.com/api/billing/meter-event/create, `timestamp`).
 * Usage for an older billing cycle is refused up front, and a record whose
 * events fell out of that window before its job ran is never marked reported.
 */

const DAY = 86_400_000;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  await startJobs({ jobs: [usageReportJob], workers: false });
  admin = await createUser({ role: "admin" });
  customer = await createUser({ firstName: "Wanda" });
});

afterEach(() => setProviderForTests(undefined));

/** A monthly subscription created 400 days ago, current period started 5 days ago: 12 cycles offered, the oldest a year back. */
async function yearOldSubscription() {
  const sub = await seedSubscription({ accountId: customer.id, customerId: `cus_win_${randomUUID().slice(0, 8)}` });
  const db = await getDb();
  await db
    .update(subscriptions)
    .set({ createdAt: new Date(Date.now() - 400 * DAY), trialStart: null, trialEnd: null })
    .where(eq(subscriptions.id, sub.id));
  const res = await call(period.GET, { path: `/api/admin/subscription-period?subscriptionId=${sub.id}`, cookie: admin.cookie });
  const body = (await res.json()) as SubscriptionPeriodResponse;
  return { sub, cycles: body.billingCycles };
}

async function recordsOf(subscriptionId: string) {
  const db = await getDb();
  return db.select().from(usageRecords).where(eq(usageRecords.subscriptionId, subscriptionId));
}

function add(body: Record<string, unknown>) {
  return call(addUsage.POST, { method: "POST", path: "/api/admin/add-usage", cookie: admin.cookie, body });
}

describe("meter events stay inside the provider's window", () => {
  it("refuses usage for a billing cycle whose events the provider would drop (400 naming the reason, nothing stored)", async () => {
    const fake = new FakeProvider();
    setProviderForTests(fake);
    const { sub, cycles } = await yearOldSubscription();
    expect(cycles.length).toBe(12);
    const old = cycles.find((c) => new Date(c.periodEnd).getTime() < Date.now() - 40 * DAY)!;
    expect(old).toBeDefined();

    const res = await add({ subscriptionId: sub.id, billingCycleId: old.id, phoneInboundUsage: 3 });
    expect(res.status).toBe(400);
    const { message } = (await res.json()) as { message: string };
    expect(message).toMatch(/35 days/);
    expect(message).toContain("payment provider");
    expect(await recordsOf(sub.id)).toEqual([]);
    expect(fake.meterCalls).toBe(0);

    // The previous cycle (ended 5 days ago) and the current one are still accepted.
    const previous = cycles[1]!;
    expect((await add({ subscriptionId: sub.id, billingCycleId: previous.id, phoneInboundUsage: 2 })).status).toBe(201);
    expect((await add({ subscriptionId: sub.id, billingCycleId: cycles[0]!.id, textInboundUsage: 1 })).status).toBe(201);
    // The admin page greys out the cycles it would refuse.
    const offered = ((await (await call(period.GET, { path: `/api/admin/subscription-period?subscriptionId=${sub.id}`, cookie: admin.cookie })).json()) as SubscriptionPeriodResponse).billingCycles;
    expect(offered.find((c) => c.id === old.id)!.acceptsUsage).toBe(false);
    expect(offered.slice(0, 2).map((c) => c.acceptsUsage)).toEqual([true, true]);
    await runDueJobs(); // report them now, with this test's provider
    expect(fake.meterEvents.size).toBe(2);
  });

  it("refuses a cycle that would fall out of the window within a day (the job needs time to retry)", async () => {
    setProviderForTests(new FakeProvider());
    const sub = await seedSubscription({ accountId: customer.id, customerId: `cus_win_${randomUUID().slice(0, 8)}` });
    // Current period started 34.5 days ago: the previous cycle ended then, its events are dated just before.
    const db = await getDb();
    const start = new Date(Date.now() - 34.5 * DAY);
    await db
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - 200 * DAY), trialStart: null, trialEnd: null, currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + 365 * DAY), billing: "annual" })
      .where(eq(subscriptions.id, sub.id));
    const body = (await (await call(period.GET, { path: `/api/admin/subscription-period?subscriptionId=${sub.id}`, cookie: admin.cookie })).json()) as SubscriptionPeriodResponse;
    const previous = body.billingCycles.find((c) => !c.isCurrent)!;
    const res = await add({ subscriptionId: sub.id, billingCycleId: previous.id, phoneInboundUsage: 1 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/35 days/);
    expect(await recordsOf(sub.id)).toEqual([]);
  });

  it("a record accepted on day 33 whose job only runs on day 36 is not sent and never marked reported", async () => {
    const fake = new FakeProvider();
    setProviderForTests(fake);
    const sub = await seedSubscription({ accountId: customer.id, customerId: `cus_win_${randomUUID().slice(0, 8)}` });
    const db = await getDb();
    const start = new Date(Date.now() - 33 * DAY);
    await db
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - 100 * DAY), trialStart: null, trialEnd: null, currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + 30 * DAY) })
      .where(eq(subscriptions.id, sub.id));
    const body = (await (await call(period.GET, { path: `/api/admin/subscription-period?subscriptionId=${sub.id}`, cookie: admin.cookie })).json()) as SubscriptionPeriodResponse;
    const previous = body.billingCycles.find((c) => !c.isCurrent)!;

    fake.failNext.meter = 1; // the provider is down when the job first runs
    const res = await add({ subscriptionId: sub.id, billingCycleId: previous.id, phoneInboundUsage: 4 });
    expect(res.status).toBe(201);
    const { usageRecord } = (await res.json()) as AddUsageResponse;
    await runDueJobs();
    const mine = () => [...fake.meterEvents.keys()].filter((k) => k.includes(usageRecord.id));
    expect(mine()).toEqual([]);

    // Three days pass on the provider's clock before the retry runs.
    fake.clockOffsetMs = 3 * DAY;
    const callsBefore = fake.meterCalls;
    await makeJobsDue();
    await runDueJobs();
    const [row] = await db.select().from(usageRecords).where(eq(usageRecords.id, usageRecord.id));
    expect(row!.reportedAt).toBeNull();
    expect(mine()).toEqual([]);
    // Not even sent: the provider would answer 400 and drop it.
    expect(fake.meterCalls).toBe(callsBefore);
  });

  it("the fake provider refuses timestamps outside the window with a non-retryable error, as Stripe's 400", async () => {
    const fake = new FakeProvider();
    const now = await fake.now();
    const event = { eventName: "phone_inbound" as const, customerId: "cus_x", value: 1 };
    await expect(fake.reportMeterEvent({ ...event, identifier: "old", timestamp: new Date(now.getTime() - 36 * DAY) })).rejects.toMatchObject({ retryable: false });
    await expect(fake.reportMeterEvent({ ...event, identifier: "ahead", timestamp: new Date(now.getTime() + 10 * 60_000) })).rejects.toBeInstanceOf(ProviderError);
    await fake.reportMeterEvent({ ...event, identifier: "recent", timestamp: new Date(now.getTime() - 34 * DAY) });
    await fake.reportMeterEvent({ ...event, identifier: "soon", timestamp: new Date(now.getTime() + 4 * 60_000) });
    expect([...fake.meterEvents.keys()].sort()).toEqual(["recent", "soon"]);
  });

  it("the sandbox refuses timestamps outside the window by its own clock, with a non-retryable error", async () => {
    const p = new SandboxProvider();
    const userId = randomUUID();
    const { id: customerId } = await p.createCustomer({ email: `${userId}@example.com`, name: "Window", accountId: userId }, `customer-${userId}`);
    const now = await sandboxNow();
    const event = { eventName: "text_inbound" as const, customerId, value: 2 };
    const old = p.reportMeterEvent({ ...event, identifier: `old-${userId}`, timestamp: new Date(now.getTime() - 36 * DAY) });
    await expect(old).rejects.toBeInstanceOf(ProviderError);
    await expect(p.reportMeterEvent({ ...event, identifier: `old2-${userId}`, timestamp: new Date(now.getTime() - 36 * DAY) })).rejects.toMatchObject({ retryable: false });
    await expect(p.reportMeterEvent({ ...event, identifier: `ahead-${userId}`, timestamp: new Date(now.getTime() + 10 * 60_000) })).rejects.toMatchObject({ retryable: false });
    await p.reportMeterEvent({ ...event, identifier: `recent-${userId}`, timestamp: new Date(now.getTime() - 34 * DAY) });
  });
});

import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { usageRecords } from "@/db/schema";
import { jobIdForKey, startJobs } from "@/lib/jobs";
import { jobQueue, stopJobWorkers } from "@/lib/jobs/jobs.server";
import { claimDueJobs, expireAbandonedJobs, makeJobsDue, runDueJobs } from "@/lib/jobs/testing.server";
import { setProviderForTests } from "@/features/billing/provider";
import { FakeProvider } from "@/features/usage/testing/fake-provider";
import { seedSubscription } from "@/features/usage/testing/seed";
import { reportUsageRecord, USAGE_REPORT_JOB, usageReportJob, usageReportJobKey } from "@/features/usage/usage.server";
import { usageTotals } from "@/features/usage/usage-totals.server";
import type { AddUsageResponse, SubscriptionPeriodResponse } from "@/features/usage/usage.schema";
import * as addUsage from "@app/api/admin/add-usage/route";
import * as addMeterUsage from "@app/api/admin/add-meter-usage/route";
import * as period from "@app/api/admin/subscription-period/route";
import { call, createUser, type TestUser } from "./http-helpers";

let admin: TestUser;
let customer: TestUser;
let fake: FakeProvider;

/** Makes every waiting job due now, as if its backoff delay had passed. */
async function timePasses(): Promise<void> {
  await makeJobsDue();
}

/** The pg-boss job reporting a record (state: created, retry, active, completed, failed). */
async function jobFor(recordId: string) {
  const [job] = await jobQueue().boss.findJobs(USAGE_REPORT_JOB, { id: jobIdForKey(usageReportJobKey(recordId)) });
  return job!;
}

async function recordOf(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(usageRecords).where(eq(usageRecords.id, id));
  return row!;
}

async function newSubscription() {
  const sub = await seedSubscription({ accountId: customer.id, customerId: `cus_rel_${Math.random().toString(36).slice(2, 8)}` });
  const res = await call(period.GET, { path: `/api/admin/subscription-period?subscriptionId=${sub.id}`, cookie: admin.cookie });
  const body = (await res.json()) as SubscriptionPeriodResponse;
  const current = body.billingCycles.find((c) => c.isCurrent)!;
  return { sub, cycleId: current.id };
}

/** A new fake provider, in use from now on. */
function useNewFake(): void {
  fake = new FakeProvider();
  setProviderForTests(fake);
}

async function add(body: Record<string, unknown>, handler = addUsage.POST) {
  return call(handler, { method: "POST", path: "/api/admin/add-usage", cookie: admin.cookie, body });
}

beforeAll(async () => {
  // The queue without workers: each test runs the due jobs itself (runDueJobs).
  await startJobs({ jobs: [usageReportJob], workers: false });
  admin = await createUser({ role: "admin" });
  customer = await createUser({ firstName: "Rita" });
});

afterEach(() => setProviderForTests(undefined));

describe("usage reaches the provider exactly once", () => {
  it("records usage and its job in one go; the provider failing 3 times then succeeding reports each category once", async () => {
    useNewFake();
    const { sub, cycleId } = await newSubscription();
    fake.failNext.meter = 3;

    const res = await add({ accountId: customer.id, subscriptionId: sub.id, billingCycleId: cycleId, phoneInboundUsage: 5, phoneOutboundUsage: 0, textInboundUsage: 7, textOutboundUsage: 2 });
    expect(res.status).toBe(201);
    const { usageRecord } = (await res.json()) as AddUsageResponse;
    // Recorded here even though nothing reached the provider yet.
    expect(usageRecord.reported).toBe(false);
    expect(await usageTotals(sub.id, new Date(usageRecord.periodStart), new Date(usageRecord.periodEnd))).toEqual({ phoneInbound: 5, phoneOutbound: 0, textInbound: 7, textOutbound: 2 });
    expect((await jobFor(usageRecord.id)).state).toBe("created");

    for (let i = 0; i < 3; i++) {
      await runDueJobs();
      const job = await jobFor(usageRecord.id);
      expect(job.state).toBe("retry");
      expect(job.retryCount).toBe(i);
      expect(job.startAfter.getTime()).toBeGreaterThan(Date.now()); // backing off
      expect((await recordOf(usageRecord.id)).reportedAt).toBeNull();
      await timePasses();
    }
    await runDueJobs();

    expect((await jobFor(usageRecord.id)).state).toBe("completed");
    expect((await recordOf(usageRecord.id)).reportedAt).not.toBeNull();
    const customerId = sub.providerCustomerId;
    expect(fake.meterTotal(customerId, "phone_inbound")).toBe(5);
    expect(fake.meterTotal(customerId, "text_inbound")).toBe(7);
    expect(fake.meterTotal(customerId, "text_outbound")).toBe(2);
    expect(fake.meterTotal(customerId, "phone_outbound")).toBe(0);
    // One event per non-zero category, named after the row.
    expect([...fake.meterEvents.keys()].sort()).toEqual([`usage-${usageRecord.id}-phoneInbound`, `usage-${usageRecord.id}-textInbound`, `usage-${usageRecord.id}-textOutbound`].sort());
    // A later run does not report again.
    await timePasses();
    await runDueJobs();
    expect(fake.meterTotal(customerId)).toBe(14);
  });

  it("an answer lost after the provider processed the event (slow / answered twice) is not counted twice", async () => {
    useNewFake();
    const { sub, cycleId } = await newSubscription();
    fake.loseAnswerNext = 2;
    const res = await add({ subscriptionId: sub.id, billingCycleId: cycleId, phoneInboundUsage: 4, phoneOutboundUsage: 3, textInboundUsage: 0, textOutboundUsage: 0 });
    const { usageRecord } = (await res.json()) as AddUsageResponse;
    for (let i = 0; i < 5 && (await jobFor(usageRecord.id)).state !== "completed"; i++) {
      await runDueJobs();
      await timePasses();
    }
    expect((await jobFor(usageRecord.id)).state).toBe("completed");
    expect(fake.meterCalls).toBeGreaterThan(2); // the provider really was called again
    expect(fake.meterTotal(sub.providerCustomerId, "phone_inbound")).toBe(4);
    expect(fake.meterTotal(sub.providerCustomerId, "phone_outbound")).toBe(3);
    // Running the report again (a duplicate job run) changes nothing.
    await reportUsageRecord(usageRecord.id);
    expect(fake.meterTotal(sub.providerCustomerId)).toBe(7);
  });

  it("a crash after the commit and before the report loses nothing: a restarted worker reports once", async () => {
    useNewFake();
    const { sub, cycleId } = await newSubscription();
    const res = await add({ subscriptionId: sub.id, billingCycleId: cycleId, phoneInboundUsage: 0, phoneOutboundUsage: 0, textInboundUsage: 9, textOutboundUsage: 0 });
    const { usageRecord } = (await res.json()) as AddUsageResponse;
    // A worker claimed the job and died before reporting: the job is left active under its claim.
    expect(await claimDueJobs(USAGE_REPORT_JOB)).toEqual([(await jobFor(usageRecord.id)).id]);
    expect((await jobFor(usageRecord.id)).state).toBe("active");
    // While the claim holds, another worker does not run it twice.
    await runDueJobs();
    expect(fake.meterCalls).toBe(0);
    // The dead worker's heartbeat runs out: the supervisor fails the job back to the queue, and after its delay a fresh run picks it up.
    expect(await expireAbandonedJobs()).toBe(1);
    expect((await jobFor(usageRecord.id)).state).toBe("retry");
    await timePasses();
    await runDueJobs();
    expect((await jobFor(usageRecord.id)).state).toBe("completed");
    expect(fake.meterTotal(sub.providerCustomerId, "text_inbound")).toBe(9);
    expect(fake.meterEvents.size).toBe(1);
  });

  it("a crash after some events went out and before the record was marked re-sends with the same identifiers", async () => {
    useNewFake();
    const { sub, cycleId } = await newSubscription();
    const res = await add({ subscriptionId: sub.id, billingCycleId: cycleId, phoneInboundUsage: 1, phoneOutboundUsage: 2, textInboundUsage: 3, textOutboundUsage: 4 });
    const { usageRecord } = (await res.json()) as AddUsageResponse;
    // First two categories reached the provider, then the third failed (process died).
    fake.failNext.meter = 0;
    const original = fake.reportMeterEvent.bind(fake);
    let n = 0;
    fake.reportMeterEvent = async (input) => {
      n += 1;
      if (n === 3) throw new Error("process killed");
      return original(input);
    };
    await runDueJobs();
    expect(fake.meterEvents.size).toBe(2);
    fake.reportMeterEvent = original;
    await timePasses();
    await runDueJobs();
    expect(fake.meterEvents.size).toBe(4);
    expect(fake.meterTotal(sub.providerCustomerId)).toBe(10);
    expect((await recordOf(usageRecord.id)).reportedAt).not.toBeNull();
  });

  it("add-meter-usage answers whether the report reached the provider", async () => {
    useNewFake();
    // Workers in this process, as in the server.
    await startJobs({ jobs: [usageReportJob], pollingIntervalSeconds: 0.5 });
    try {
      const { sub, cycleId } = await newSubscription();
      const res = await add({ subscriptionId: sub.id, billingCycleId: cycleId, phoneInboundUsage: 2 }, addMeterUsage.POST);
      expect(res.status).toBe(201);
      const body = (await res.json()) as AddUsageResponse;
      expect(body.usageRecord.reported).toBe(true);
      expect(fake.meterTotal(sub.providerCustomerId, "phone_inbound")).toBe(2);
    } finally {
      await stopJobWorkers();
    }
  });
});

describe("add-usage validation", () => {
  it("names what is missing or wrong with a 4xx", async () => {
    setProviderForTests(new FakeProvider());
    const { sub, cycleId } = await newSubscription();
    const base = { subscriptionId: sub.id, billingCycleId: cycleId, phoneInboundUsage: 1, phoneOutboundUsage: 0, textInboundUsage: 0, textOutboundUsage: 0 };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...base, subscriptionId: "" }, 400, "Please select a subscription first"],
      [{ ...base, billingCycleId: undefined }, 400, "Please select a billing cycle first"],
      [{ ...base, phoneInboundUsage: -1 }, 400, "Phone inbound usage must be 0 or more"],
      [{ ...base, textOutboundUsage: 1.5 }, 400, "Text outbound usage must be a whole number"],
      [{ ...base, phoneInboundUsage: 0 }, 400, "Enter at least one usage count above 0"],
      [{ ...base, billingCycleId: "cycle-123" }, 400, "Billing cycle not found for this subscription"],
      [{ ...base, accountId: admin.id }, 400, "This subscription does not belong to the selected account"],
      [{ ...base, subscriptionId: "nope" }, 404, "Subscription not found"],
    ];
    for (const [body, status, message] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { message: string }).message).toContain(message);
    }
    const cancelled = await seedSubscription({ accountId: customer.id, status: "cancelled" });
    const res = await add({ ...base, subscriptionId: cancelled.id });
    expect(res.status).toBe(400);
  });

  it("a trialing subscription offers its trial window as the billing cycle", async () => {
    const trial = await seedSubscription({ accountId: customer.id, status: "trialing" });
    const res = await call(period.GET, { path: `/api/admin/subscription-period?subscriptionId=${trial.id}`, cookie: admin.cookie });
    const body = (await res.json()) as SubscriptionPeriodResponse;
    expect(body.billingCycles).toHaveLength(1);
    expect(body.billingCycles[0]!.label).toMatch(/^Trial: /);
    expect(body.currentPeriodStart).toBe(trial.trialStart!.toISOString());
    const missing = await call(period.GET, { path: `/api/admin/subscription-period`, cookie: admin.cookie });
    expect(missing.status).toBe(400);
  });
});

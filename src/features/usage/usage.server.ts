import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb } from "@/lib/db";
import { subscriptionById, type SubscriptionRow } from "@/features/billing/account-subscriptions.server";
import { usageRecords } from "@/db/schema";
import { defineJob, enqueueJob } from "@/lib/jobs";
import { badRequest, notFound } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { getProvider } from "@/features/billing/provider";
import { findPlan } from "@/features/plans/catalogue";
import { currentPeriod, deriveBillingCycles, toCycleView } from "./billing-cycles";
import { cycleRefusalReason, meterEventWindowProblem, usageRecordTime } from "./provider-window";
import { usageTotals } from "./usage-totals.server";
import { unitsByCycle } from "./cycle-units.server";
import { USAGE_CATEGORIES, usagePayloadSchema, type AddUsageResponse, type SubscriptionPeriodResponse, type UsagePayload } from "./usage.schema";
import { isCounting } from "@/features/billing/subscription-state";

export const USAGE_REPORT_JOB = "usage.report-meter-events";

export async function loadSubscription(id: string): Promise<SubscriptionRow> {
  const sub = await subscriptionById(await getDb(), id);
  if (!sub) throw notFound("Subscription not found");
  return sub;
}

/** The meter event identifier of one category of one usage record: stable across retries. */
export function meterEventIdentifier(recordId: string, category: string): string {
  return `usage-${recordId}-${category}`;
}

/** GET /api/admin/subscription-period: period, billing cycles (trial included) and recorded usage per cycle. */
export async function subscriptionPeriod(subscriptionId: string): Promise<SubscriptionPeriodResponse> {
  const sub = await loadSubscription(subscriptionId);
  const period = currentPeriod(sub);
  const cycles = deriveBillingCycles(sub, { includeTrial: true });
  const now = await (await getProvider()).now();
  const usageByCycle: SubscriptionPeriodResponse["usageByCycle"] = {};
  for (const c of cycles) usageByCycle[c.id] = await usageTotals(sub.id, c.periodStart, c.periodEnd);
  const plan = findPlan(sub.planId);
  return {
    unitsByCycle: await unitsByCycle(sub.id, cycles, plan, sub.billing),
    currentPeriodStart: period?.start.toISOString() ?? null,
    currentPeriodEnd: period?.end.toISOString() ?? null,
    billingCycles: cycles.map((c) => ({ ...toCycleView(c), acceptsUsage: cycleRefusalReason(c, now) === null })),
    usageByCycle,
    limits: { phone: plan?.phoneSessionLimit ?? null, text: plan?.textSessionLimit ?? null },
  };
}

/**
 * Records usage for one billing cycle and, in the same transaction, a durable
 * job that reports it to the provider. Nothing is sent to the provider here,
 * so a provider outage cannot lose the record and a crash after the commit
 * leaves a job that a later worker run picks up.
 */
export async function recordUsage(input: UsagePayload, recordedBy: string): Promise<AddUsageResponse["usageRecord"]> {
  const payload = usagePayloadSchema.parse(input);
  const sub = await loadSubscription(payload.subscriptionId);
  if (payload.accountId && payload.accountId !== sub.accountId) throw badRequest("This subscription does not belong to the selected account");
  if (!isCounting(sub.status)) throw badRequest("Usage can only be recorded for active, trialing or past-due subscriptions");
  const cycle = deriveBillingCycles(sub, { includeTrial: true }).find((c) => c.id === payload.billingCycleId);
  if (!cycle) throw badRequest("Billing cycle not found for this subscription");
  const counts = {
    phoneInbound: payload.phoneInboundUsage,
    phoneOutbound: payload.phoneOutboundUsage,
    textInbound: payload.textInboundUsage,
    textOutbound: payload.textOutboundUsage,
  };
  if (Object.values(counts).every((v) => v === 0)) throw badRequest("Enter at least one usage count above 0");
  // The record is dated on the provider's clock (the sandbox's may run ahead), and refused
  // when the provider would not accept its meter events long enough for the job to report them (0019).
  const now = await (await getProvider()).now();
  const refusal = cycleRefusalReason(cycle, now);
  if (refusal) throw badRequest(refusal);

  const id = randomUUID();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(usageRecords).values({
      id,
      subscriptionId: sub.id,
      accountId: sub.accountId,
      billingCycleId: cycle.id,
      periodStart: cycle.periodStart,
      periodEnd: cycle.periodEnd,
      ...counts,
      recordedBy,
      createdAt: now,
    });
    await enqueueJob(tx, usageReportJob, { usageRecordId: id }, { idempotencyKey: usageReportJobKey(id) });
  });
  return {
    id,
    subscriptionId: sub.id,
    billingCycleId: cycle.id,
    periodStart: cycle.periodStart.toISOString(),
    periodEnd: cycle.periodEnd.toISOString(),
    ...counts,
    reported: false,
  };
}

/**
 * The job: one meter event per non-zero category, each with the identifier
 * `usage-<rowId>-<category>`, so a retry after a lost answer, a duplicate
 * run or a restart is counted once by the provider. Marks the record
 * reported when every event went through; a failure throws so the job
 * retries with backoff. Events dated outside the provider's window (the job
 * ran too late, e.g. a dead job sent back weeks later) are not sent: the
 * provider would refuse them, so the record stays unreported (0019).
 */
export async function reportUsageRecord(usageRecordId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(usageRecords).where(eq(usageRecords.id, usageRecordId)).limit(1);
  if (!row) {
    logger.warn({ usageRecordId }, "usage record to report no longer exists");
    return;
  }
  if (row.reportedAt) return;
  const sub = await loadSubscription(row.subscriptionId);
  const provider = await getProvider();
  // Inside the billing period, stable across retries (same parameters each time).
  const timestamp = usageRecordTime(row);
  const outside = meterEventWindowProblem(timestamp, await provider.now());
  if (outside) {
    logger.error({ usageRecordId, timestamp: timestamp.toISOString() }, "usage record can no longer be reported to the provider");
    throw new Error(`Usage record ${usageRecordId} cannot be reported to the payment provider: ${outside}`);
  }
  for (const c of USAGE_CATEGORIES) {
    const value = row[c.key];
    if (value <= 0) continue;
    await provider.reportMeterEvent({ eventName: c.event, customerId: sub.providerCustomerId, value, identifier: meterEventIdentifier(row.id, c.key), timestamp });
  }
  await db
    .update(usageRecords)
    .set({ reportedAt: new Date() })
    .where(and(eq(usageRecords.id, row.id), isNull(usageRecords.reportedAt)));
}

/** The idempotency key of the report job of one usage record. */
export function usageReportJobKey(usageRecordId: string): string {
  return `usage-report-${usageRecordId}`;
}

/** The durable job reporting one usage record (registered by the server in instrumentation.ts). */
export const usageReportJob = defineJob({
  kind: USAGE_REPORT_JOB,
  schema: z.object({ usageRecordId: z.string().min(1) }),
  maxAttempts: 20,
  handler: async ({ usageRecordId }) => reportUsageRecord(usageRecordId),
});

/** Whether a usage record has been reported to the provider. */
export async function isReported(usageRecordId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ reportedAt: usageRecords.reportedAt }).from(usageRecords).where(eq(usageRecords.id, usageRecordId)).limit(1);
  return Boolean(row?.reportedAt);
}

/** Polls until `check` is true or the time is up (used to answer with a finished job's result). */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The business account's newest usage records (its Recent Activity). */
export async function recentUsageRecords(accountId: string, limit: number): Promise<(typeof usageRecords.$inferSelect)[]> {
  const db = await getDb();
  return db.select().from(usageRecords).where(eq(usageRecords.accountId, accountId)).orderBy(desc(usageRecords.createdAt)).limit(limit);
}

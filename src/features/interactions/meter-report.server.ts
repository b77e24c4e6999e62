import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb, type DbOrTx } from "@/lib/db";
import { subscriptionById } from "@/features/billing/account-subscriptions.server";
import { meterReports } from "@/db/schema";
import { defineJob, defineScheduledJob, enqueueJob, nextWaitingRun, scheduleJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { getProvider } from "@/features/billing/provider";
import { meterEventWindowProblem } from "@/features/usage/provider-window";
import { usageMonthEnd } from "@/features/usage/usage-month";
import { meterUnitsSql } from "@/features/usage/ledger.server";
import { ProviderError, type MeterEventName } from "@/features/billing/provider/port";

/** At most this many meter events a second (Stripe's test mode allows 25 requests a second in all). */
const EVENTS_PER_SECOND = 10;
/** Meter reports handled per run (every minute). */
const PER_RUN = 500;

/** The meter of a record: phone or text, inbound or outbound (the four meters of ADR 0045). */
export function meterCategory(channel: string, direction: string): MeterEventName {
  return `${channel === "phone" ? "phone" : "text"}_${direction}` as MeterEventName;
}

type MonthKey = { subscriptionId: string; usageMonthStart: Date; category: string };

/**
 * Marks the (subscription, usage month, meter) of new or credited records for
 * the next report, in the caller's transaction. Trial months are never
 * reported: a trial is not billed (ADR 0145).
 */
export async function markMetersDirty(tx: DbOrTx, keys: MonthKey[]): Promise<void> {
  // Sorted, so two transactions marking the same rows lock them in the same order (no deadlock).
  const unique = [...new Map(keys.map((k) => [`${k.subscriptionId}|${String(k.usageMonthStart.getTime()).padStart(15, "0")}|${k.category}`, k])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, k]) => k);
  if (unique.length === 0) return;
  await tx
    .insert(meterReports)
    .values(unique.map((k) => ({ ...k, dirty: true })))
    .onConflictDoUpdate({ target: [meterReports.subscriptionId, meterReports.usageMonthStart, meterReports.category], set: { dirty: true, updatedAt: sql`now()` } });
}

/** After the provider's rate limit (HTTP 429): wait 10 s, doubling with each limit in a row, at most 15 minutes. */
const BACKOFF_BASE_SECONDS = 10;
const BACKOFF_MAX_SECONDS = 15 * 60;
/** A Retry-After longer than this is read as this (a broken header must not stop the meters for days). */
const RETRY_AFTER_MAX_SECONDS = 60 * 60;

/**
 * How long the reports wait after the `attempt`-th rate limit in a row
 * (0 for the first): the exponential backoff Stripe advises
 * (https://docs.stripe.com/rate-limits), and never less than the
 * provider's Retry-After when it sent one.
 */
export function rateLimitDelaySeconds(attempt: number, retryAfterSeconds: number | null): number {
  const backoff = Math.min(BACKOFF_BASE_SECONDS * 2 ** attempt, BACKOFF_MAX_SECONDS);
  return Math.max(backoff, Math.min(retryAfterSeconds ?? 0, RETRY_AFTER_MAX_SECONDS));
}

/**
 * The provider's meters follow the interactions (ADR 0146). Meter values are
 * whole numbers (stripe-notes) and units are thousandths, so each
 * (subscription, usage month, meter) reports its running total of whole
 * units: when the total passes what was reported, the difference goes out as
 * one event. The target is written down before the call (`pending_units`) and
 * the event's identifier names it, so a retry after a lost answer sends the
 * same event and the provider counts it once: every record's units reach the
 * meter exactly once. At most EVENTS_PER_SECOND events a second.
 *
 * The provider's rate limit (ADR 0105) stops the run at once: nothing more is
 * sent, and the reports continue in a job that starts after the backoff
 * (rateLimitDelaySeconds, Retry-After honoured). Until it runs, the minute's
 * runs send nothing. `afterRateLimit` is that job's count of limits in a row.
 */
export async function reportInteractionMeters(opts: { afterRateLimit?: number } = {}): Promise<number> {
  const db = await getDb();
  if (opts.afterRateLimit === undefined) {
    const backingOff = await nextWaitingRun(meterReportAfterRateLimitJob);
    if (backingOff) {
      logger.info({ resumesAt: backingOff.toISOString() }, "meter reports wait for the provider's rate limit to pass");
      return 0;
    }
  }
  const provider = await getProvider();
  const now = await provider.now();
  const due = await db
    .select({ subscriptionId: meterReports.subscriptionId, usageMonthStart: meterReports.usageMonthStart, category: meterReports.category })
    .from(meterReports)
    .where(or(eq(meterReports.dirty, true), isNotNull(meterReports.pendingUnits)))
    .limit(PER_RUN);
  let sent = 0;
  let failed = 0;
  for (const key of due) {
    try {
      sent += await reportOne(key, now);
    } catch (err) {
      // Looked at again later (a pending target is resent as it was).
      await db.update(meterReports).set({ dirty: true }).where(matches(key));
      if (err instanceof ProviderError && err.isRateLimited) {
        await backOff(opts.afterRateLimit ?? 0, err.retryAfterSeconds);
        break;
      }
      failed++;
      logger.warn({ err, ...key }, "interaction units not reported to the provider's meter yet; retried next minute");
    }
  }
  if (sent) logger.info({ events: sent }, "interaction units reported to the provider's meters");
  if (failed) throw new Error(`${failed} meter report(s) failed; they are retried next minute`);
  return sent;
}

/** Stops the reports until the rate limit has passed: a job of its own carries on after the delay. */
async function backOff(attempt: number, retryAfterSeconds: number | null): Promise<void> {
  const delay = rateLimitDelaySeconds(attempt, retryAfterSeconds);
  const startAfter = new Date(Date.now() + delay * 1000);
  await enqueueJob(await getDb(), meterReportAfterRateLimitJob, { attempt: attempt + 1 }, { idempotencyKey: `meter-reports-after-rate-limit-${randomUUID()}`, startAfter });
  logger.warn({ attempt: attempt + 1, retryAfterSeconds, delaySeconds: delay, resumesAt: startAfter.toISOString() }, "the provider limits our request rate: meter reports paused");
}

/**
 * One (subscription, month, meter): 1 when an event went out, else 0. One
 * statement claims the row and writes its target down (the month's whole
 * units, unless a target is already pending): records committed after it mark
 * the row dirty again, and a run that stops anywhere after it leaves the
 * target pending, so the next run sends the same event. The last write only
 * lands while that target is still pending, so of two runs at once the
 * reported total never goes back.
 */
async function reportOne(key: MonthKey, now: Date): Promise<number> {
  const db = await getDb();
  const provider = await getProvider();
  const mirror = await subscriptionById(db, key.subscriptionId);
  if (!mirror) return 0;
  const sub = { customerId: mirror.providerCustomerId, trialEnd: mirror.trialEnd, createdAt: mirror.createdAt };
  // The ledger counts the month (ledger.server.ts); admin records reach the meters by their own job.
  const units = meterUnitsSql(key);
  const [row] = await db
    .update(meterReports)
    // With a target already pending, the row stays dirty when it was: units that came since go in the next target.
    .set({ dirty: sql`${meterReports.pendingUnits} is not null and ${meterReports.dirty}`, pendingUnits: sql`coalesce(${meterReports.pendingUnits}, ${units})`, updatedAt: sql`now()` })
    .where(matches(key))
    .returning({ reported: meterReports.reportedUnits, target: meterReports.pendingUnits });
  if (!row || row.target === null) return 0;
  const { reported, target } = row;
  const stillPending = and(matches(key), eq(meterReports.pendingUnits, target));
  // A spam credit can lower the total below what was reported: meters only grow (the overage bill reads our own units).
  if (target <= reported) {
    await db.update(meterReports).set({ pendingUnits: null }).where(stillPending);
    return 0;
  }
  // Dated inside the usage month and the provider's window: the latest moment not after now.
  const timestamp = new Date(Math.min(now.getTime(), usageMonthEnd(sub, key.usageMonthStart).getTime() - 1000));
  const outside = meterEventWindowProblem(timestamp, now);
  if (outside) {
    logger.error({ ...key, outside }, "interaction units can no longer be reported to the provider's meter");
    await db.update(meterReports).set({ pendingUnits: null }).where(stillPending);
    return 0;
  }
  await provider.reportMeterEvent({
    eventName: key.category as MeterEventName,
    customerId: sub.customerId,
    value: target - reported,
    identifier: `interactions-${key.subscriptionId}-${Math.floor(key.usageMonthStart.getTime() / 1000)}-${key.category}-${target}`,
    timestamp,
  });
  await db
    .update(meterReports)
    .set({ reportedUnits: target, pendingUnits: null, updatedAt: sql`now()` })
    .where(stillPending);
  await new Promise((r) => setTimeout(r, 1000 / EVENTS_PER_SECOND));
  return 1;
}

function matches(key: MonthKey) {
  return and(eq(meterReports.subscriptionId, key.subscriptionId), eq(meterReports.usageMonthStart, key.usageMonthStart), eq(meterReports.category, key.category));
}

// The next minute's run is the retry; a report left pending is finished first.
export const meterReportJob = defineScheduledJob("interactions.report-meters", reportInteractionMeters, { maxAttempts: 1 });

/** The reports after a rate limit, once its backoff has passed (enqueued by backOff; `attempt`: limits in a row so far). */
export const meterReportAfterRateLimitJob = defineJob({
  kind: "interactions.report-meters-after-rate-limit",
  schema: z.object({ attempt: z.number().int().min(1) }),
  // A limit again enqueues the next wait itself; any other failure is retried by the minute's run.
  maxAttempts: 1,
  handler: async ({ attempt }) => {
    await reportInteractionMeters({ afterRateLimit: attempt });
  },
});

/** Reports the interactions' units to the provider's meters every minute. */
export async function scheduleMeterReports(): Promise<void> {
  await scheduleJob(meterReportJob, "* * * * *", {});
}

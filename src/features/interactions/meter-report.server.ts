import "server-only";
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb, type DbOrTx } from "@/lib/db";
import { interactions, meterReports, subscriptions } from "@/db/schema";
import { defineJob, scheduleJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { getProvider } from "@/features/billing/provider";
import { meterEventWindowProblem } from "@/features/usage/provider-window";
import { usageMonthEnd } from "@/features/usage/usage-month";
import type { MeterEventName } from "@/features/billing/provider/port";

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
 * reported: a trial is not billed (ADR 0101).
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

/**
 * The provider's meters follow the interactions (ADR 0101). Meter values are
 * whole numbers (stripe-notes) and units are thousandths, so each
 * (subscription, usage month, meter) reports its running total of whole
 * units: when the total passes what was reported, the difference goes out as
 * one event. The target is written down before the call (`pending_units`) and
 * the event's identifier names it, so a retry after a lost answer sends the
 * same event and the provider counts it once: every record's units reach the
 * meter exactly once. At most EVENTS_PER_SECOND events a second.
 */
export async function reportInteractionMeters(): Promise<number> {
  const db = await getDb();
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
      failed++;
      // Looked at again next minute (a pending target is resent as it was).
      await db.update(meterReports).set({ dirty: true }).where(matches(key));
      logger.warn({ err, ...key }, "interaction units not reported to the provider's meter yet; retried next minute");
    }
  }
  if (sent) logger.info({ events: sent }, "interaction units reported to the provider's meters");
  if (failed) throw new Error(`${failed} meter report(s) failed; they are retried next minute`);
  return sent;
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
  const [sub] = await db
    .select({ customerId: subscriptions.providerCustomerId, trialEnd: subscriptions.trialEnd, createdAt: subscriptions.createdAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, key.subscriptionId))
    .limit(1);
  if (!sub) return 0;
  const units = sql`(select (coalesce(sum(${interactions.unitsMilli}), 0) / 1000)::integer from ${interactions}
    where ${interactions.subscriptionId} = ${key.subscriptionId} and ${interactions.usageMonthStart} = ${key.usageMonthStart.toISOString()}::timestamptz
    and ${interactions.spamReportedAt} is null and ${meterCategoryOf()} = ${key.category})`;
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
  await db.update(meterReports).set({ reportedUnits: target, pendingUnits: null, updatedAt: sql`now()` }).where(stillPending);
  await new Promise((r) => setTimeout(r, 1000 / EVENTS_PER_SECOND));
  return 1;
}

function meterCategoryOf() {
  return sql`(case when ${interactions.channel} = 'phone' then 'phone_' else 'text_' end) || ${interactions.direction}::text`;
}

function matches(key: MonthKey) {
  return and(eq(meterReports.subscriptionId, key.subscriptionId), eq(meterReports.usageMonthStart, key.usageMonthStart), eq(meterReports.category, key.category));
}

export const meterReportJob = defineJob({
  kind: "interactions.report-meters",
  schema: z.object({}),
  // The next minute's run is the retry; a report left pending is finished first.
  maxAttempts: 1,
  handler: async () => {
    await reportInteractionMeters();
  },
});

/** Reports the interactions' units to the provider's meters every minute. */
export async function scheduleMeterReports(): Promise<void> {
  await scheduleJob(meterReportJob, "* * * * *", {});
}


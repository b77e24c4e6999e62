import "server-only";
import { addMonths } from "date-fns";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb, type DbOrTx } from "@/lib/db";
import { interactions, meterReports, subscriptions } from "@/db/schema";
import { defineJob, scheduleJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { getProvider } from "@/features/billing/provider";
import { meterEventWindowProblem } from "@/features/usage/provider-window";
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
  const unique = [...new Map(keys.map((k) => [`${k.subscriptionId}|${k.usageMonthStart.getTime()}|${k.category}`, k])).values()];
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
    .update(meterReports)
    .set({ dirty: false })
    .where(
      sql`(${meterReports.subscriptionId}, ${meterReports.usageMonthStart}, ${meterReports.category}) in (select subscription_id, usage_month_start, category from meter_reports where dirty or pending_units is not null limit ${PER_RUN} for update skip locked)`,
    )
    .returning();
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    const key: MonthKey = { subscriptionId: row.subscriptionId, usageMonthStart: row.usageMonthStart, category: row.category };
    try {
      sent += await reportOne(row, key, now);
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

/** One (subscription, month, meter): 1 when an event went out, else 0. */
async function reportOne(row: typeof meterReports.$inferSelect, key: MonthKey, now: Date): Promise<number> {
  const db = await getDb();
  const provider = await getProvider();
  const [sub] = await db.select({ customerId: subscriptions.providerCustomerId }).from(subscriptions).where(eq(subscriptions.id, key.subscriptionId)).limit(1);
  if (!sub) return 0;
  let target = row.pendingUnits;
  if (target === null) {
    const [total] = await db
      .select({ milli: sql<string>`coalesce(sum(${interactions.unitsMilli}), 0)::text` })
      .from(interactions)
      .where(
        and(
          eq(interactions.subscriptionId, key.subscriptionId),
          eq(interactions.usageMonthStart, key.usageMonthStart),
          isNull(interactions.spamReportedAt),
          sql`${meterCategoryOf()} = ${key.category}`,
        ),
      );
    target = Math.floor(Number(total?.milli ?? 0) / 1000);
    // A spam credit can lower the total below what was reported: meters only grow (the overage bill reads our own units).
    if (target <= row.reportedUnits) return 0;
    await db.update(meterReports).set({ pendingUnits: target, updatedAt: sql`now()` }).where(matches(key));
  }
  // Dated inside the usage month and the provider's window: the latest moment not after now.
  const timestamp = new Date(Math.min(now.getTime(), addMonths(key.usageMonthStart, 1).getTime() - 1000));
  const outside = meterEventWindowProblem(timestamp, now);
  if (outside) {
    logger.error({ ...key, outside }, "interaction units can no longer be reported to the provider's meter");
    await db.update(meterReports).set({ pendingUnits: null, updatedAt: sql`now()` }).where(matches(key));
    return 0;
  }
  await provider.reportMeterEvent({
    eventName: key.category as MeterEventName,
    customerId: sub.customerId,
    value: target - row.reportedUnits,
    identifier: `interactions-${key.subscriptionId}-${Math.floor(key.usageMonthStart.getTime() / 1000)}-${key.category}-${target}`,
    timestamp,
  });
  await db.update(meterReports).set({ reportedUnits: target, pendingUnits: null, updatedAt: sql`now()` }).where(matches(key));
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


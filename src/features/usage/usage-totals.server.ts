import "server-only";
import { and, eq, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { usageRecords } from "@/db/schema";

export type UsageTotals = { phoneInbound: number; phoneOutbound: number; textInbound: number; textOutbound: number };

async function sumWhere(where: SQL | undefined): Promise<UsageTotals> {
  const db = await getDb();
  const [row] = await db
    .select({
      phoneInbound: sql<number>`coalesce(sum(${usageRecords.phoneInbound}), 0)::int`,
      phoneOutbound: sql<number>`coalesce(sum(${usageRecords.phoneOutbound}), 0)::int`,
      textInbound: sql<number>`coalesce(sum(${usageRecords.textInbound}), 0)::int`,
      textOutbound: sql<number>`coalesce(sum(${usageRecords.textOutbound}), 0)::int`,
    })
    .from(usageRecords)
    .where(where);
  return {
    phoneInbound: Number(row?.phoneInbound ?? 0),
    phoneOutbound: Number(row?.phoneOutbound ?? 0),
    textInbound: Number(row?.textInbound ?? 0),
    textOutbound: Number(row?.textOutbound ?? 0),
  };
}

/** Usage recorded for a subscription whose period starts within [from, to). */
export async function usageTotals(subscriptionId: string, from: Date, to: Date): Promise<UsageTotals> {
  return sumWhere(and(eq(usageRecords.subscriptionId, subscriptionId), gte(usageRecords.periodStart, from), lt(usageRecords.periodStart, to)));
}

/**
 * Usage of a subscription dated within [from, to): each record at its time
 * (usageRecordTime in provider-window.ts, in SQL here: its creation clamped
 * into its billing cycle), the time its meter events carry. Used for one
 * month of an annual period ('Usage This Month').
 */
export async function usageTotalsDatedIn(subscriptionId: string, from: Date, to: Date): Promise<UsageTotals> {
  const time = sql`greatest(${usageRecords.periodStart}, least(${usageRecords.createdAt}, ${usageRecords.periodEnd} - interval '1 second'))`;
  return sumWhere(
    and(
      eq(usageRecords.subscriptionId, subscriptionId),
      // Only cycles overlapping [from, to) can hold such a record (keeps the index on period_start useful).
      lt(usageRecords.periodStart, to),
      gt(usageRecords.periodEnd, from),
      sql`${time} >= ${from.toISOString()}::timestamptz`,
      sql`${time} < ${to.toISOString()}::timestamptz`,
    ),
  );
}

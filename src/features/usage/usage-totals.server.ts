import "server-only";
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
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

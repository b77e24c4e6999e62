import "server-only";
import { and, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { overageAutoBills, overageEntries } from "@/db/schema";

/**
 * What closes a usage month on the overage side (interactions/closed-months.server.ts,
 * issue 21): its automatic bill, or an admin's entry over its dates that is
 * pending or billed.
 */

/** The usage months of these subscriptions billed automatically. */
export async function autoBilledMonths(db: DbOrTx, subscriptionIds: string[]): Promise<{ subscriptionId: string; start: Date }[]> {
  return db
    .select({ subscriptionId: overageAutoBills.subscriptionId, start: overageAutoBills.usageMonthStart })
    .from(overageAutoBills)
    .where(inArray(overageAutoBills.subscriptionId, subscriptionIds));
}

/** The periods of these subscriptions' pending or billed overage entries. */
export async function billedOverageSpans(db: DbOrTx, subscriptionIds: string[]): Promise<{ subscriptionId: string; start: Date; end: Date }[]> {
  return db
    .select({ subscriptionId: overageEntries.subscriptionId, start: overageEntries.periodStart, end: overageEntries.periodEnd })
    .from(overageEntries)
    .where(and(inArray(overageEntries.subscriptionId, subscriptionIds), or(eq(overageEntries.status, "pending"), eq(overageEntries.status, "billed"))));
}

import "server-only";
import { and, desc, eq, or } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiReadyOrders, subscriptions } from "@/db/schema";
import { accountTimeZone } from "@/features/accounts/account-reads.server";
import { isKnownTimeZone } from "@/lib/time-zone";
import { findPlan } from "@/features/plans/catalogue";
import { getProvider } from "@/features/billing/provider";
import { subscriptionSummary } from "./subscription-summary.server";
import { usageDays, usageMonthAt, usedMilli } from "./ledger.server";
import { priceUsage, projectUsage } from "./pricing";

/**
 * The current usage month of an account (or of one AI employee's
 * subscription) for /insights and the dashboard: units so far, the
 * projection, and what the projection would cost, all from the ledger's month
 * (ledger.server.ts, admin-recorded usage included) and its priceUsage.
 */
export type CurrentUsageMonth = {
  subscriptionId: string;
  start: Date;
  end: Date;
  includedMilli: number | null;
  usedMilli: number;
  projectedMilli: number;
  /** Extra units and cost of the projection (what the month is heading for; cost 0 in a trial month). */
  projectedExtraMilli: number;
  projectedCostCents: number;
  /** Units per day of the month so far, by the day of the record's time in the account's time zone. */
  days: Array<{ date: string; milli: number }>;
};

/**
 * Without `aiEmployeeId`: the account's summary subscription (the dashboard's).
 * With it: that AI employee's subscription in this account (null when it
 * has none, or is another account's). `now` defaults to the provider's clock.
 */
export async function currentUsageMonth(accountId: string, opts: { aiEmployeeId?: string; now?: Date } = {}): Promise<CurrentUsageMonth | null> {
  const subscriptionId = opts.aiEmployeeId ? await subscriptionOf(accountId, opts.aiEmployeeId) : (await subscriptionSummary(accountId))?.id;
  if (!subscriptionId) return null;
  const now = opts.now ?? (await (await getProvider()).now());
  const month = await usageMonthAt(subscriptionId, now);
  if (!month || month.subscription.accountId !== accountId) return null;
  const storedZone = await accountTimeZone(accountId);
  const timeZone = isKnownTimeZone(storedZone) ? storedZone : "UTC";
  const used = usedMilli(month);
  const projectedMilli = projectUsage({ usedMilli: used, monthStart: month.start, monthEnd: month.end, now });
  const priced = priceUsage({
    usedMilli: projectedMilli,
    plan: findPlan(month.subscription.planId),
    billing: month.subscription.billing,
    trialEnd: month.subscription.trialEnd,
    monthStart: month.start,
  });
  return {
    subscriptionId,
    start: month.start,
    end: month.end,
    includedMilli: priced.includedMilli,
    usedMilli: used,
    projectedMilli,
    projectedExtraMilli: priced.extraMilli,
    projectedCostCents: priced.costCents,
    days: await usageDays(month, timeZone, now),
  };
}

/** The AI employee's newest subscription in this account (either side of the link may name it). */
async function subscriptionOf(accountId: string, aiEmployeeId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(aiReadyOrders)
    .innerJoin(subscriptions, or(eq(subscriptions.id, aiReadyOrders.subscriptionId), eq(subscriptions.aiReadyOrderId, aiReadyOrders.id)))
    .where(and(eq(aiReadyOrders.id, aiEmployeeId), eq(subscriptions.accountId, accountId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.id;
}

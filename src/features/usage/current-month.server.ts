import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { aiReadyOrders, subscriptions } from "@/db/schema";
import { accountTimeZone } from "@/features/accounts/account-reads.server";
import { isKnownTimeZone } from "@/lib/time-zone";
import { findPlan } from "@/features/plans/catalogue";
import { getProvider } from "@/features/billing/provider";
import { summarySubscription } from "./subscription-summary.server";
import { monthAt, readLedger, usageDays, usedMilli, type LedgerSubscription } from "./ledger.server";
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

/** An account's usage for /insights: the current month and the subscription its summary shows (subscriptionSummary's). */
export type AccountUsage = {
  month: CurrentUsageMonth | null;
  summarySubscription: LedgerSubscription | null;
  /** The caller's `columns`, as the database answered them. */
  columns: Record<string, unknown>;
};

/**
 * The current usage month and the account's summary subscription (the one
 * subscriptionSummary shows, chosen at the provider's clock) in ONE statement
 * (readLedger): the account's subscriptions, their months at `now`, those
 * months' units by day in the account's zone, and the AI employee's
 * subscription; `columns` adds the caller's own scalar SQL to the same statement
 * (/insights: the AI employee's ownership check). Issue 27: /insights reads its
 * month and its price this way.
 *
 * Without `aiEmployeeId` the month is the summary subscription's (the
 * dashboard's); with it, that AI employee's subscription in this account
 * (null when it has none, or is another account's). `now` defaults to the
 * provider's clock. `accountTimeZone` is the account's stored zone
 * (organization.time_zone) when the caller has it (the session read it);
 * else it is read.
 */
export async function accountUsage(accountId: string, opts: { aiEmployeeId?: string; now?: Date; accountTimeZone?: string; columns?: Record<string, SQL> } = {}): Promise<AccountUsage> {
  const storedZone = opts.accountTimeZone ?? (await accountTimeZone(accountId));
  const timeZone = storedZone && isKnownTimeZone(storedZone) ? storedZone : "UTC";
  const provider = await getProvider();
  const columns: Record<string, SQL> = { ...opts.columns, providerNow: provider.nowSql() };
  if (opts.aiEmployeeId) columns.aiEmployeeSubscription = subscriptionOf(accountId, opts.aiEmployeeId);
  const ledger = await readLedger({ accountId }, { at: opts.now ?? provider.nowSql() }, { dayZone: timeZone, columns });
  const summary = summarySubscription(ledger.subscriptions, new Date(ledger.columns.providerNow as string | Date));
  const subscriptionId = opts.aiEmployeeId ? (ledger.columns.aiEmployeeSubscription as string | null) : summary?.id;
  const sub = ledger.subscriptions.find((s) => s.id === subscriptionId);
  const asked = Object.fromEntries(Object.keys(opts.columns ?? {}).map((name) => [name, ledger.columns[name]]));
  if (!sub || !ledger.days) return { month: null, summarySubscription: summary, columns: asked };
  const now = ledger.now;
  const month = monthAt(ledger, sub, now);
  const used = usedMilli(month);
  const projectedMilli = projectUsage({ usedMilli: used, monthStart: month.start, monthEnd: month.end, now });
  const priced = priceUsage({
    usedMilli: projectedMilli,
    plan: findPlan(sub.planId),
    billing: sub.billing,
    trialEnd: sub.trialEnd,
    monthStart: month.start,
  });
  return {
    month: {
      subscriptionId: sub.id,
      start: month.start,
      end: month.end,
      includedMilli: priced.includedMilli,
      usedMilli: used,
      projectedMilli,
      projectedExtraMilli: priced.extraMilli,
      projectedCostCents: priced.costCents,
      days: usageDays(ledger.days, month, now),
    },
    summarySubscription: summary,
    columns: asked,
  };
}

/** The AI employee's newest subscription in this account (either side of the link may name it), as a column of the ledger's statement. */
function subscriptionOf(accountId: string, aiEmployeeId: string): SQL {
  return sql`select ${subscriptions.id} from ${aiReadyOrders}
    inner join ${subscriptions} on ${subscriptions.id} = ${aiReadyOrders.subscriptionId} or ${subscriptions.aiReadyOrderId} = ${aiReadyOrders.id}
    where ${aiReadyOrders.id} = ${aiEmployeeId} and ${subscriptions.accountId} = ${accountId}
    order by ${subscriptions.createdAt} desc limit 1`;
}

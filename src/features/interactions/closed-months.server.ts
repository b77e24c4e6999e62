import "server-only";
import type { DbOrTx } from "@/lib/db";
import { subscriptionById } from "@/features/billing/account-subscriptions.server";
import { autoBilledMonths, billedOverageSpans } from "@/features/overage/closing.server";
import { usageMonthEnd } from "@/features/usage/usage-month";
import { cycleRefusalReason } from "@/features/usage/provider-window";

/**
 * Closed usage months (issue 21). A month is closed once its overage was
 * billed (automatically, or by an admin's entry over its dates that was
 * submitted) or once the provider's meter window for it has passed (its
 * events would be refused). A closed month is frozen: a record that arrives
 * for it afterwards is stored and marked late, and changes no billed total,
 * CSV row or invoice.
 */
export type ClosedMonths = {
  /** Whether the usage month [start, end) of this subscription is closed at `now`. */
  isClosed(subscriptionId: string, month: { start: Date; end: Date }): boolean;
};

/** Reads what closes the months of these subscriptions, in one query each. */
export async function loadClosedMonths(db: DbOrTx, subscriptionIds: string[], now: Date): Promise<ClosedMonths> {
  const autoBilled = new Set<string>();
  const entries = new Map<string, { start: Date; end: Date }[]>();
  if (subscriptionIds.length) {
    for (const r of await autoBilledMonths(db, subscriptionIds)) {
      autoBilled.add(`${r.subscriptionId}|${r.start.getTime()}`);
    }
    for (const r of await billedOverageSpans(db, subscriptionIds)) {
      entries.set(r.subscriptionId, [...(entries.get(r.subscriptionId) ?? []), { start: r.start, end: r.end }]);
    }
  }
  return {
    isClosed(subscriptionId, month) {
      if (cycleRefusalReason({ periodStart: month.start, periodEnd: month.end }, now) !== null) return true;
      if (autoBilled.has(`${subscriptionId}|${month.start.getTime()}`)) return true;
      return (entries.get(subscriptionId) ?? []).some((e) => e.start < month.end && e.end > month.start);
    },
  };
}

/** The answer when a change would touch a closed month's units (a spam credit after the month was billed). */
export const CLOSED_MONTH_MESSAGE = "This call's usage month is closed (its extra units were billed, or the billing window is over): its units can no longer change.";

/**
 * Whether the usage month a stored record counts toward is closed now. A
 * record that counts toward no month (no subscription, before the service,
 * late) is never in a closed month. Read `now` from the provider before a
 * transaction: reaching the provider may read the database (one connection on PGlite).
 */
export async function recordMonthClosed(db: DbOrTx, record: { subscriptionId: string | null; usageMonthStart: Date | null }, now: Date): Promise<boolean> {
  if (!record.subscriptionId || !record.usageMonthStart) return false;
  const sub = await subscriptionById(db, record.subscriptionId);
  if (!sub) return false;
  const month = { start: record.usageMonthStart, end: usageMonthEnd(sub, record.usageMonthStart) };
  return (await loadClosedMonths(db, [record.subscriptionId], now)).isClosed(record.subscriptionId, month);
}

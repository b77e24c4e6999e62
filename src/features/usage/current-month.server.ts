import "server-only";
import { findPlan } from "@/features/plans/catalogue";
import { subscriptionSummary } from "./subscription-summary.server";
import { priceUsage, projectUsage } from "./pricing";

/**
 * The current usage month of an account (or of one AI employee's
 * subscription) for /insights and the dashboard: units so far, the
 * projection, and what the projection would cost. GROUNDWORK STUB: the ledger
 * helper reimplements it on the ledger's one month query (with `days`); the
 * signature is fixed.
 */
export type CurrentUsageMonth = {
  subscriptionId: string;
  start: Date;
  end: Date;
  includedMilli: number | null;
  usedMilli: number;
  projectedMilli: number;
  /** Extra units and cost of the projection (what the month is heading for). */
  projectedExtraMilli: number;
  projectedCostCents: number;
  /** Units per day of the month so far, by UTC day of the record's time (ledger helper: the account's zone). */
  days: Array<{ date: string; milli: number }>;
};

export async function currentUsageMonth(accountId: string, opts: { aiEmployeeId?: string; now?: Date } = {}): Promise<CurrentUsageMonth | null> {
  void opts.aiEmployeeId;
  const summary = await subscriptionSummary(accountId);
  if (!summary) return null;
  const plan = findPlan(summary.plan.id);
  const start = new Date(summary.units.monthStart);
  const end = new Date(summary.units.monthEnd);
  const usedMilli = Math.round((summary.units.phone + summary.units.text) * 1000);
  const projectedMilli = projectUsage({ usedMilli, monthStart: start, monthEnd: end, now: opts.now ?? new Date() });
  const priced = priceUsage({ usedMilli: projectedMilli, plan, billing: summary.billing, trialEnd: null, monthStart: start });
  return { subscriptionId: summary.id, start, end, includedMilli: priced.includedMilli, usedMilli, projectedMilli, projectedExtraMilli: priced.extraMilli, projectedCostCents: priced.costCents, days: [] };
}

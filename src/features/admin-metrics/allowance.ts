import { findPlan, PLANS } from "@/features/plans/catalogue";
import { priceUsage } from "@/features/usage/pricing";

/** A live subscription's current usage month and the units it counts so far (thousandths). */
export type MonthUsage = {
  subscriptionId: string;
  accountId: string;
  accountName: string;
  planId: string;
  billing: "monthly" | "annual";
  trialEnd: Date | null;
  monthStart: Date;
  monthEnd: Date;
  usedMilli: number;
};

export type PlanUnitsRow = {
  planId: string;
  plan: string;
  subscriptions: number;
  usedMilli: number;
  /** Null: the plan has no limit. */
  includedMilli: number | null;
  extraMilli: number;
  /** What the extra units cost at the plan's price (months in a trial count nothing). */
  extraCostCents: number;
};

export type AllowanceRow = MonthUsage & {
  plan: string;
  includedMilli: number;
  extraMilli: number;
  extraCostCents: number;
  billable: boolean;
  /** used ÷ included, e.g. 1.25 is 25 % past the allowance. */
  share: number;
};

/** Units of the current usage months by plan, priced by the ledger's pricing (priceUsage), in catalogue order. */
export function unitsByPlan(usages: readonly MonthUsage[]): PlanUnitsRow[] {
  const rows = new Map<string, PlanUnitsRow>();
  for (const p of PLANS) rows.set(p.id, { planId: p.id, plan: p.name, subscriptions: 0, usedMilli: 0, includedMilli: p.units === null ? null : 0, extraMilli: 0, extraCostCents: 0 });
  for (const u of usages) {
    const plan = findPlan(u.planId);
    const key = plan?.id ?? u.planId;
    const row = rows.get(key) ?? { planId: key, plan: plan?.name ?? u.planId, subscriptions: 0, usedMilli: 0, includedMilli: null, extraMilli: 0, extraCostCents: 0 };
    rows.set(key, row);
    const priced = priceUsage({ usedMilli: u.usedMilli, plan, billing: u.billing, trialEnd: u.trialEnd, monthStart: u.monthStart });
    row.subscriptions++;
    row.usedMilli += u.usedMilli;
    if (row.includedMilli !== null && priced.includedMilli !== null) row.includedMilli += priced.includedMilli;
    if (priced.billable) {
      row.extraMilli += priced.extraMilli;
      row.extraCostCents += priced.costCents;
    }
  }
  return [...rows.values()];
}

/** The `limit` subscriptions closest to or past their allowance (highest share first); unlimited plans are left out. */
export function closestToAllowance(usages: readonly MonthUsage[], limit = 20): AllowanceRow[] {
  const rows: AllowanceRow[] = [];
  for (const u of usages) {
    const plan = findPlan(u.planId);
    const priced = priceUsage({ usedMilli: u.usedMilli, plan, billing: u.billing, trialEnd: u.trialEnd, monthStart: u.monthStart });
    if (!plan || priced.includedMilli === null || priced.includedMilli <= 0) continue;
    rows.push({
      ...u,
      plan: plan.name,
      includedMilli: priced.includedMilli,
      extraMilli: priced.extraMilli,
      extraCostCents: priced.billable ? priced.costCents : 0,
      billable: priced.billable,
      share: u.usedMilli / priced.includedMilli,
    });
  }
  return rows.sort((a, b) => b.share - a.share || b.usedMilli - a.usedMilli || a.subscriptionId.localeCompare(b.subscriptionId)).slice(0, limit);
}

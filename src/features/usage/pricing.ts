import type { Plan } from "@/features/plans/catalogue";
import { extraUnits } from "@/features/plans/units";

/**
 * The ledger's one pricing function (issue 26, ADR 0133): a usage month's
 * units in thousandths against its plan. Every view of a month prices it
 * here: the dashboard summary, the monthly CSV, usage alerts, the admin's
 * cycle units, auto-billing, /insights and the projection. Pure (client-safe).
 */
export type PriceInput = {
  /** Every unit the month counts, thousandths (interactions not spam-credited, plus usage recorded by an admin). */
  usedMilli: number;
  plan: Plan | undefined;
  billing: "monthly" | "annual";
  trialEnd: Date | null;
  /** The usage month priced. */
  monthStart: Date;
};
export type PricedUsage = {
  /** Null: the plan has no limit. */
  includedMilli: number | null;
  extraMilli: number;
  costCents: number;
  /** False for a month inside the free trial: nothing of it is billed. */
  billable: boolean;
};

/**
 * - Included: the plan's units per month, on an annual plan too (spec 9: units
 *   reset monthly); no plan or Enterprise: no limit, nothing extra.
 * - Extra: the thousandths over the allowance, priced at the plan's extra-unit
 *   price for the billing (monthly or annual), rounded to a cent once.
 * - Trial: usage months are counted from the trial's end (usageAnchor), so a
 *   month that starts before the trial ends is the trial's month, which is
 *   never billed: its extra units are still shown, its cost is 0.
 */
export function priceUsage(input: PriceInput): PricedUsage {
  const { includedMilli, extraMilli, costCents } = extraUnits(Math.max(0, input.usedMilli), input.plan, input.billing);
  const billable = !(input.trialEnd && input.monthStart.getTime() < input.trialEnd.getTime());
  return { includedMilli, extraMilli, costCents: billable ? costCents : 0, billable };
}

/**
 * Straight-line projection of a month's units to its end from the units so
 * far (thousandths): used × month length / time elapsed, never below what is
 * used. Before the month (or at its very start) it is what is used; after
 * its end, the month is over and the projection is what was used.
 */
export function projectUsage(input: { usedMilli: number; monthStart: Date; monthEnd: Date; now: Date }): number {
  const total = input.monthEnd.getTime() - input.monthStart.getTime();
  const elapsed = Math.min(total, Math.max(0, input.now.getTime() - input.monthStart.getTime()));
  if (elapsed <= 0 || total <= 0) return input.usedMilli;
  return Math.max(input.usedMilli, Math.round((input.usedMilli * total) / elapsed));
}

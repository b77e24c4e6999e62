import type { Plan } from "@/features/plans/catalogue";

/**
 * The ledger's one pricing function (issue 26): a month's units in
 * thousandths against its plan. GROUNDWORK STUB: the ledger helper replaces
 * the body and moves every caller to it; the signature is fixed.
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

export function priceUsage(input: PriceInput): PricedUsage {
  const included = input.plan ? (input.plan.units ?? null) : null;
  const includedMilli = included === null ? null : included * 1000;
  const extraMilli = includedMilli === null ? 0 : Math.max(0, input.usedMilli - includedMilli);
  const rate = input.plan?.extraUnitPrice?.[input.billing] ?? 0;
  const billable = !(input.trialEnd && input.monthStart.getTime() < input.trialEnd.getTime());
  return { includedMilli, extraMilli, costCents: Math.round((extraMilli * rate) / 1000), billable };
}

/** Straight-line projection of a month's units to its end from the units so far (thousandths). */
export function projectUsage(input: { usedMilli: number; monthStart: Date; monthEnd: Date; now: Date }): number {
  const total = input.monthEnd.getTime() - input.monthStart.getTime();
  const elapsed = Math.min(total, Math.max(0, input.now.getTime() - input.monthStart.getTime()));
  if (elapsed <= 0 || total <= 0) return input.usedMilli;
  return Math.round((input.usedMilli * total) / elapsed);
}

import { PURCHASABLE_PLANS, formatCents, type Billing, type Plan } from "./catalogue";
import { formatUnits } from "@/lib/format";
import { callMilli, conversationMilli, extraUnits, toUnits, voiceUnits } from "./units";

export type EstimateInput = {
  /** Answered calls per month. */
  callsPerMonth: number;
  /** Average answered call length in minutes. */
  avgCallMinutes: number;
  /** Web chat / SMS conversations per month. */
  chatsPerMonth: number;
  /** Average agent messages per conversation (default 10: within one 15-turn block). */
  avgChatTurns?: number;
  billing?: Billing;
};

export type PlanEstimate = {
  plan: Plan;
  /** Monthly plan price in cents for the chosen billing period. */
  basePrice: number;
  includedUnits: number;
  /** Extra units billed (usage above the allowance, thousandths as a decimal: billing never rounds them up). */
  overageUnits: number;
  overagePrice: number;
  total: number;
};

export type Estimate = {
  /** Units the usage needs per month (decimal, from thousandths). */
  units: number;
  plans: PlanEstimate[];
  recommended: PlanEstimate;
  /** True when usage is above every plan's allowance by a wide margin: talk to us about Enterprise. */
  suggestEnterprise: boolean;
};

function check(name: string, value: number, integer: boolean): void {
  if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    throw new RangeError(`${name} must be ${integer ? "a whole number" : "a number"}, 0 or more`);
  }
}

/** Monthly units for a usage profile, in thousandths of a unit (the billing's unit rule, plans/units.ts). */
export function monthlyMilliUnits(input: EstimateInput): number {
  check("callsPerMonth", input.callsPerMonth, true);
  check("avgCallMinutes", input.avgCallMinutes, false);
  check("chatsPerMonth", input.chatsPerMonth, true);
  const turns = input.avgChatTurns ?? 10;
  check("avgChatTurns", turns, true);
  const perCall = callMilli(input.avgCallMinutes * 60);
  const perChat = conversationMilli(turns);
  return input.callsPerMonth * perCall + input.chatsPerMonth * perChat;
}

/**
 * Prices the usage on every purchasable plan (plan price plus extra units at
 * that plan's extra-unit price, by the billing's own extra-units formula,
 * `extraUnits`) and recommends the cheapest; on a tie the smaller plan wins.
 */
export function estimate(input: EstimateInput): Estimate {
  const billing = input.billing ?? "monthly";
  const milli = monthlyMilliUnits(input);
  const plans = PURCHASABLE_PLANS.map((plan): PlanEstimate => {
    const basePrice = (billing === "annual" ? plan.annualPrice : plan.monthlyPrice)!;
    const extra = extraUnits(milli, plan, billing);
    return { plan, basePrice, includedUnits: plan.units!, overageUnits: toUnits(extra.extraMilli), overagePrice: extra.costCents, total: basePrice + extra.costCents };
  });
  const recommended = plans.reduce((best, p) => (p.total < best.total ? p : best));
  const largest = PURCHASABLE_PLANS.at(-1)!.units!;
  return { units: toUnits(milli), plans, recommended, suggestEnterprise: milli > largest * 2000 };
}

/** The estimator's words for the recommended plan, numbers grouped: '$4,950.00 a month billed monthly (plan $1,099.00 + 2,900 extra units $3,248.00)'. */
export function recommendationText(p: PlanEstimate): string {
  const price = `${formatCents(p.total)} a month billed monthly`;
  return p.overageUnits > 0 ? `${price} (plan ${formatCents(p.basePrice)} + ${formatUnits(p.overageUnits)} extra units ${formatCents(p.overagePrice)})` : `${price} (within the included units)`;
}

/** 'A 15-minute call is 5 units': the chart's row for the estimator's average call. */
export function perCallText(avgCallMinutes: number): string {
  return `A ${formatUnits(avgCallMinutes)}-minute call is ${formatUnits(voiceUnits(avgCallMinutes * 60))} ${voiceUnits(avgCallMinutes * 60) === 1 ? "unit" : "units"}`;
}

import { PURCHASABLE_PLANS, formatCents, type Billing, type Plan } from "./catalogue";
import { formatUnits, textCentiUnits, voiceCentiUnits, voiceUnits } from "./units";

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
  /** Whole extra units billed (usage above the allowance, rounded up). */
  overageUnits: number;
  overagePrice: number;
  total: number;
};

export type Estimate = {
  /** Units the usage needs per month (may be fractional, two decimals). */
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

/** Monthly units for a usage profile, in hundredths of a unit. */
export function monthlyCentiUnits(input: EstimateInput): number {
  check("callsPerMonth", input.callsPerMonth, true);
  check("avgCallMinutes", input.avgCallMinutes, false);
  check("chatsPerMonth", input.chatsPerMonth, true);
  const turns = input.avgChatTurns ?? 10;
  check("avgChatTurns", turns, true);
  const perCall = voiceCentiUnits(input.avgCallMinutes * 60);
  const perChat = textCentiUnits(turns);
  return input.callsPerMonth * perCall + input.chatsPerMonth * perChat;
}

/**
 * Prices the usage on every purchasable plan (plan price plus extra units at
 * that plan's extra-unit price) and recommends the cheapest; on a tie the
 * smaller plan wins.
 */
export function estimate(input: EstimateInput): Estimate {
  const billing = input.billing ?? "monthly";
  const centi = monthlyCentiUnits(input);
  const plans = PURCHASABLE_PLANS.map((plan): PlanEstimate => {
    const basePrice = (billing === "annual" ? plan.annualPrice : plan.monthlyPrice)!;
    const includedUnits = plan.units!;
    const overageUnits = Math.max(0, Math.ceil((centi - includedUnits * 100) / 100));
    const overagePrice = overageUnits * plan.extraUnitPrice![billing];
    return { plan, basePrice, includedUnits, overageUnits, overagePrice, total: basePrice + overagePrice };
  });
  const recommended = plans.reduce((best, p) => (p.total < best.total ? p : best));
  const largest = PURCHASABLE_PLANS.at(-1)!.units!;
  return { units: centi / 100, plans, recommended, suggestEnterprise: centi > largest * 200 };
}

/** The estimator's words for the recommended plan, numbers grouped: '$4,950.00 a month billed monthly (plan $1,099.00 + 2,900 extra units $3,248.00)'. */
export function recommendationText(p: PlanEstimate): string {
  const price = `${formatCents(p.total)} a month billed monthly`;
  return p.overageUnits > 0
    ? `${price} (plan ${formatCents(p.basePrice)} + ${formatUnits(p.overageUnits)} extra units ${formatCents(p.overagePrice)})`
    : `${price} (within the included units)`;
}

/** 'A 15-minute call is 5 units': the chart's row for the estimator's average call. */
export function perCallText(avgCallMinutes: number): string {
  return `A ${formatUnits(avgCallMinutes)}-minute call is ${formatUnits(voiceUnits(avgCallMinutes * 60))} ${voiceUnits(avgCallMinutes * 60) === 1 ? "unit" : "units"}`;
}

import type { ProviderPrice } from "@/features/billing/provider/port";

/**
 * Whether a provider price is one of a subscription's own plan prices: its
 * lookup key ends in `_<plan>_<billing>` (the plan's licensed price
 * plan_<plan>_<billing> and its metered usage prices
 * usage_<meter>_<plan>_<billing>; billing/provider/prices.ts). Overage line
 * items offer and accept only these (issue 23).
 */
export function isPlanPrice(price: Pick<ProviderPrice, "lookupKey">, planId: string, billing: string): boolean {
  return Boolean(price.lookupKey?.endsWith(`_${planId}_${billing}`));
}

/** The subscription's own plan prices, in the provider's order. */
export function planPrices<P extends Pick<ProviderPrice, "lookupKey">>(prices: readonly P[], planId: string, billing: string): P[] {
  return prices.filter((p) => isPlanPrice(p, planId, billing));
}

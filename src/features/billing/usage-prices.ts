import type { ProviderPrice } from "./provider/port";

/**
 * The metered usage price of one meter for a plan and billing period: the
 * price whose lookup key names the plan (and the billing period), else any
 * price of that meter. Null when the catalogue has none.
 */
export function usagePriceFor(prices: readonly ProviderPrice[], event: string, planId: string, billing: "monthly" | "annual"): ProviderPrice | null {
  const candidates = prices.filter((p) => p.usageType === "metered" && p.meterEventName === event);
  const score = (p: ProviderPrice) => (p.lookupKey?.includes(`_${planId}_`) || p.lookupKey?.includes(`_${planId}`) ? 2 : 0) + (p.lookupKey?.endsWith(billing) ? 1 : 0);
  return [...candidates].sort((a, b) => score(b) - score(a))[0] ?? null;
}

/**
 * Our subscription statuses, the values of the subscription_status enum.
 * This leaf file imports nothing, so the client-safe module that gives them
 * meaning (src/features/billing/subscription-state.ts, ADR 0135) re-exports
 * it: src/db may import no feature, so the list lives at the lowest layer and
 * is written once. Use it through subscription-state, not from here.
 */
export const SUBSCRIPTION_STATUS_VALUES = ["active", "trialing", "past_due", "cancelled"] as const;

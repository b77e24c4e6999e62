import type { ProviderSubscription } from "./provider/port";

/** The marker the old /subscribe flow (before issue 23) put on the trialing subscriptions it made before any card. */
export const OLD_SUBSCRIBE_FLOW = "subscribe";

/**
 * A subscription the old /subscribe flow made on page load that was never
 * given a card (issue 23, ADR 0111): not a trial the customer started. No
 * page, e-mail or admin view shows it, it does not use up the free trial,
 * and the card-less cleanup job cancels it at the provider.
 */
export function isCardlessSubscribeStart(s: Pick<ProviderSubscription, "metadata" | "defaultPaymentMethodId">): boolean {
  return s.metadata.flow === OLD_SUBSCRIBE_FLOW && !s.defaultPaymentMethodId;
}

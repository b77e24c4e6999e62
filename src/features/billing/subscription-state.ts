/**
 * The one place that names subscription statuses (issue 26), used on server
 * and client. GROUNDWORK STUB: the subscription-state helper completes it
 * (names, badges, hasEnded, isCancelling) and moves every other list here;
 * the exports below keep their meaning.
 */
export const SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Live: the customer has (or is owed) service; at most one per AI employee. */
export const LIVE_STATUSES = ["active", "trialing", "past_due"] as const satisfies readonly SubscriptionStatus[];
/** Paying: counts toward recurring revenue (a trial does not). */
export const PAYING_STATUSES = ["active", "past_due"] as const satisfies readonly SubscriptionStatus[];

export function isLive(status: string): boolean {
  return (LIVE_STATUSES as readonly string[]).includes(status);
}

import { SUBSCRIPTION_STATUS_VALUES } from "@/db/schema/subscription-statuses";

/**
 * The one place that gives subscription statuses their meaning (issue 26,
 * ADR 0135), used on server and client (no server-only import): the sets
 * (live, counting, paying, waiting), when a subscription has ended or is
 * cancelling, and the names and badges people see. No other file lists
 * statuses; the list itself is the database enum's (src/db may import no
 * feature, so it sits there and is re-exported here).
 */
export const SUBSCRIPTION_STATUSES = SUBSCRIPTION_STATUS_VALUES;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Live: the customer has (or is owed) service; at most one per AI employee. */
export const LIVE_STATUSES = ["active", "trialing", "past_due"] as const satisfies readonly SubscriptionStatus[];
/**
 * Counting: usage of these counts toward the month and may be recorded by an
 * admin (a past-due subscription still works and is still billed). The same
 * set as live, named for what the ledger, the spend limit and the admin
 * usage picker ask.
 */
export const COUNTING_STATUSES = ["active", "trialing", "past_due"] as const satisfies readonly SubscriptionStatus[];
/** Paying: counts toward recurring revenue (a trial does not). */
export const PAYING_STATUSES = ["active", "past_due"] as const satisfies readonly SubscriptionStatus[];
/**
 * In good standing: may take a waiting AI employee, change plan, be renewed
 * (a past-due one pays first).
 */
export const GOOD_STANDING_STATUSES = ["active", "trialing"] as const satisfies readonly SubscriptionStatus[];
/** The status of an ended subscription. */
export const ENDED_STATUS = "cancelled" satisfies SubscriptionStatus;

const has = (list: readonly string[], status: string | null | undefined): boolean => status != null && list.includes(status);

export function isSubscriptionStatus(status: string | null | undefined): status is SubscriptionStatus {
  return has(SUBSCRIPTION_STATUSES, status);
}
export function isLive(status: string): boolean {
  return has(LIVE_STATUSES, status);
}
export function isCounting(status: string): boolean {
  return has(COUNTING_STATUSES, status);
}
export function isPaying(status: string): boolean {
  return has(PAYING_STATUSES, status);
}
export function isInGoodStanding(status: string): boolean {
  return has(GOOD_STANDING_STATUSES, status);
}

/** The provider's (Stripe's) statuses of a subscription that has ended and cannot come back. */
export const PROVIDER_ENDED_STATUSES = ["canceled", "incomplete_expired"] as const;
const PROVIDER_ENDED = PROVIDER_ENDED_STATUSES;
/** The provider's spelling of our "cancelled". */
export const PROVIDER_CANCELED = "canceled";

/**
 * Our status from the provider's (the mirror's translation): trialing,
 * active; canceled and incomplete_expired are cancelled; past_due, unpaid,
 * incomplete, paused (payment needs attention) are past_due.
 */
export function statusFromProvider(providerStatus: string): SubscriptionStatus {
  if (providerStatus === "trialing" || providerStatus === "active") return providerStatus;
  return has(PROVIDER_ENDED, providerStatus) ? ENDED_STATUS : "past_due";
}

/** Our name for a provider status ('canceled' is our 'cancelled'); other values unchanged. */
export function fromProviderStatus(providerStatus: string): string {
  return providerStatus === PROVIDER_CANCELED ? ENDED_STATUS : providerStatus;
}

/** A mirror row (server) ... */
type RowFacts = {
  status: string;
  providerStatus?: string | null;
  cancelAtPeriodEnd?: boolean;
  providerCancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: Date | string | null;
  trialEnd?: Date | string | null;
};
/** ... or an API view (client): CustomerSubscription and AdminSubscription carry the provider's side in stripeData. */
type ViewFacts = {
  status: string;
  cancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: string | null;
  trialEnd?: string | null;
  stripeData: { stripeStatus: string | null; stripeCancelAtPeriodEnd?: boolean; stripeCurrentPeriodEnd?: string | null };
};
export type SubscriptionFacts = RowFacts | ViewFacts;

function facts(sub: SubscriptionFacts) {
  if ("stripeData" in sub) {
    return {
      status: sub.status,
      providerStatus: sub.stripeData.stripeStatus,
      cancelFlag: Boolean(sub.cancelAtPeriodEnd || sub.stripeData.stripeCancelAtPeriodEnd),
      periodEnd: sub.stripeData.stripeCurrentPeriodEnd ?? sub.currentPeriodEnd ?? sub.trialEnd ?? null,
    };
  }
  return {
    status: sub.status,
    providerStatus: sub.providerStatus ?? null,
    cancelFlag: Boolean(sub.cancelAtPeriodEnd || sub.providerCancelAtPeriodEnd),
    periodEnd: sub.currentPeriodEnd ?? sub.trialEnd ?? null,
  };
}

/**
 * The subscription has ended:
 * - our status is cancelled, or the provider's is canceled or
 *   incomplete_expired (it cannot come back); or
 * - given `now`, it was set to cancel at its period end and that end has
 *   passed, even before the provider's "deleted" event reaches the mirror.
 * Without `now` only the statuses decide: the server dates its views with
 * the provider's clock (the sandbox's may run ahead), and a view it sends has
 * the status "cancelled" once this says ended, so a page reading the view
 * agrees with it. An ended subscription is never cancelling (ADR 0088).
 */
export function hasEnded(sub: SubscriptionFacts, now?: Date): boolean {
  const f = facts(sub);
  if (f.status === ENDED_STATUS || has(PROVIDER_ENDED, f.providerStatus)) return true;
  if (!now || !f.cancelFlag || f.periodEnd === null) return false;
  return new Date(f.periodEnd).getTime() <= now.getTime();
}

/** Cancelling at period end (our flag or the provider's), until the subscription has ended. */
export function isCancelling(sub: SubscriptionFacts, now?: Date): boolean {
  return facts(sub).cancelFlag && !hasEnded(sub, now);
}

/** Past due: the last payment failed and the payment method must be updated; never once ended. */
export function isPastDue(sub: SubscriptionFacts, now?: Date): boolean {
  return sub.status === "past_due" && !hasEnded(sub, now);
}

/**
 * The status to report: ours, except "cancelled" once the subscription has
 * ended by `now` (every API says what the pages say).
 */
export function reportedStatus(sub: SubscriptionFacts & { status: SubscriptionStatus }, now?: Date): SubscriptionStatus {
  return hasEnded(sub, now) ? ENDED_STATUS : sub.status;
}

/** The provider's status differs from ours (its 'canceled' is our 'cancelled'); false when it has none. */
export function providerDiffers(status: string, providerStatus: string | null): boolean {
  return providerStatus !== null && fromProviderStatus(providerStatus) !== status;
}

/**
 * What an AI employee (an AI-ready order) is, as the pages show it and the
 * APIs report it: the order's own status, except that a claimed or active
 * one whose subscription has ended is "ended" (it may be subscribed again).
 */
export type AiEmployeeStatus = "pending" | "claimed" | "active" | "ended";
export function aiEmployeeStatus(orderStatus: string, subscription: SubscriptionFacts | null | undefined, now?: Date): AiEmployeeStatus | "other" {
  if (orderStatus === "pending") return "pending";
  if (orderStatus !== "claimed" && orderStatus !== "active") return "other";
  return subscription && hasEnded(subscription, now) ? "ended" : orderStatus;
}

// ---- Names and badges ------------------------------------------------------

/** What customers read for each status (spec 4: trialing is 'Free Trial'). */
export const STATUS_NAMES: Record<SubscriptionStatus, string> = { active: "Active", trialing: "Free Trial", past_due: "Past Due", cancelled: "Cancelled" };
/** What the admin console reads (its status filter). */
export const ADMIN_STATUS_NAMES: Record<SubscriptionStatus, string> = { active: "Active", trialing: "Trialing", past_due: "Past due", cancelled: "Cancelled" };

export type BadgeVariant = "green" | "blue" | "yellow" | "red";
export type StatusBadge = { label: string; variant: BadgeVariant };

const VARIANTS: Record<SubscriptionStatus, BadgeVariant> = { active: "green", trialing: "blue", past_due: "yellow", cancelled: "red" };

/** A status we do not know (the provider's 'unpaid', 'paused'...): 'Unpaid', 'Incomplete expired'; 'Unknown' when empty. */
function unknownName(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ") : "Unknown";
}

/**
 * Customer badge (spec 4): active green, trialing blue 'Free Trial', past_due
 * yellow, anything else red. Takes our status or the provider's ('canceled'
 * reads 'Cancelled').
 */
export function statusBadge(status: string): StatusBadge {
  const ours = fromProviderStatus(status);
  return isSubscriptionStatus(ours) ? { label: STATUS_NAMES[ours], variant: VARIANTS[ours] } : { label: unknownName(status), variant: "red" };
}

/**
 * The customer badge of a subscription: the provider's status takes
 * precedence (spec 4), except that an ended subscription always reads
 * 'Cancelled', so the badge never says Active beside an ended AI employee.
 */
export function subscriptionBadge(sub: SubscriptionFacts, now?: Date): StatusBadge {
  if (hasEnded(sub, now)) return statusBadge(ENDED_STATUS);
  return statusBadge(facts(sub).providerStatus ?? sub.status);
}

/** Dashboard badge (spec 4): active green, cancelled red, trialing blue, any other yellow. */
export function dashboardBadge(status: string): StatusBadge {
  const b = statusBadge(status);
  const ours = fromProviderStatus(status);
  return ours === "active" || ours === "trialing" || ours === ENDED_STATUS ? b : { label: isSubscriptionStatus(ours) ? b.label : status || "Unknown", variant: "yellow" };
}

/** Admin badge (the console's lists): the spec 4 colours; labels in lower case as the console shows them ('past due'), trialing 'Free Trial'. */
export function adminBadge(status: string): StatusBadge {
  const ours = fromProviderStatus(status);
  if (ours === "trialing") return { label: STATUS_NAMES.trialing, variant: "blue" };
  return { label: status.replace(/_/g, " "), variant: isSubscriptionStatus(ours) ? VARIANTS[ours] : "red" };
}

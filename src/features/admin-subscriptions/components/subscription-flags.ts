import type { AdminSubscription } from "@/features/billing/admin-api-types";

type Flagged = Pick<AdminSubscription, "status" | "cancelAtPeriodEnd"> & {
  stripeData: Pick<AdminSubscription["stripeData"], "stripeStatus" | "stripeCancelAtPeriodEnd">;
};

const norm = (v: string | null) => (v === "canceled" ? "cancelled" : v);

/** The provider's statuses of a subscription that has ended. */
const ENDED_PROVIDER_STATUSES = new Set(["canceled", "incomplete_expired"]);

/**
 * The admin flags of a subscription (spec 2): a status mismatch between ours
 * and the provider's, and 'Cancels at period end', which an ended subscription
 * never shows, whatever cancel flags were left set (ADR 0088).
 */
export function subscriptionFlags(s: Flagged): { ended: boolean; cancelling: boolean; mismatch: boolean } {
  const ended = s.status === "cancelled" || ENDED_PROVIDER_STATUSES.has(s.stripeData.stripeStatus ?? "");
  const cancelling = !ended && (s.cancelAtPeriodEnd || s.stripeData.stripeCancelAtPeriodEnd);
  const mismatch = s.stripeData.stripeStatus !== null && norm(s.stripeData.stripeStatus) !== norm(s.status);
  return { ended, cancelling, mismatch };
}

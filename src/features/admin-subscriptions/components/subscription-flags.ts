import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { hasEnded, isCancelling, providerDiffers } from "@/features/billing/subscription-state";

type Flagged = Pick<AdminSubscription, "status" | "cancelAtPeriodEnd"> & {
  stripeData: Pick<AdminSubscription["stripeData"], "stripeStatus" | "stripeCancelAtPeriodEnd">;
};

/**
 * The admin flags of a subscription (spec 2): a status mismatch between ours
 * and the provider's, and 'Cancels at period end', which an ended subscription
 * never shows, whatever cancel flags were left set (ADR 0088). The rules are
 * subscription-state.ts's (ADR 0135).
 */
export function subscriptionFlags(s: Flagged): { ended: boolean; cancelling: boolean; mismatch: boolean } {
  return { ended: hasEnded(s), cancelling: isCancelling(s), mismatch: providerDiffers(s.status, s.stripeData.stripeStatus) };
}

import { Badge } from "@/lib/ui/badge";
import type { CustomerSubscription } from "@/features/billing/api-types";
import { providerStatusLabel, statusBadge } from "../format";

/**
 * The status badge (the provider's status takes precedence) and, when the
 * provider's status differs from ours, the outline 'Stripe: {status}' badge.
 */
export function SubscriptionStatusBadges({ sub }: { sub: CustomerSubscription }) {
  const provider = sub.stripeData.stripeStatus;
  const shown = statusBadge(provider ? (provider === "canceled" ? "cancelled" : provider) : sub.status);
  const differs = providerStatusLabel(sub);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge variant={shown.variant} data-testid="subscription-status">
        {shown.label}
      </Badge>
      {differs !== null && <Badge variant="outline">Stripe: {differs}</Badge>}
    </span>
  );
}

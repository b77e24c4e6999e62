import { Badge } from "@/lib/ui/badge";
import type { CustomerSubscription } from "@/features/billing/api-types";
import { subscriptionBadge } from "@/features/billing/subscription-state";
import { providerStatusLabel } from "../format";

/**
 * The status badge (the provider's status takes precedence; an ended
 * subscription reads 'Cancelled') and, when the provider's status differs
 * from ours, the outline 'Stripe: {status}' badge.
 */
export function SubscriptionStatusBadges({ sub }: { sub: CustomerSubscription }) {
  const shown = subscriptionBadge(sub);
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

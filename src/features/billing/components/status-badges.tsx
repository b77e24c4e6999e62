import { Badge } from "@/lib/ui/badge";
import { adminBadge, providerDiffers } from "../subscription-state";

/** Admin status badge (spec 4 colours, subscription-state.ts) plus 'Stripe: {status}' when the provider disagrees. */
export function StatusBadges({ status, providerStatus }: { status: string; providerStatus: string | null }) {
  const badge = adminBadge(status);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant={badge.variant}>{badge.label}</Badge>
      {providerDiffers(status, providerStatus) ? (
        <Badge variant="outline" title="The local status differs from the payment provider's status">
          Stripe: {providerStatus}
        </Badge>
      ) : null}
    </span>
  );
}

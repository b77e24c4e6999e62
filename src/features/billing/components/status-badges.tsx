import { Badge } from "@/lib/ui/badge";

const VARIANT: Record<string, "green" | "blue" | "yellow" | "red"> = { active: "green", trialing: "blue", past_due: "yellow" };

/** Status badge (spec 4 colours) plus 'Stripe: {status}' when the provider disagrees. */
export function StatusBadges({ status, providerStatus }: { status: string; providerStatus: string | null }) {
  const norm = (s: string | null) => (s === "canceled" ? "cancelled" : s);
  const mismatch = providerStatus !== null && norm(providerStatus) !== norm(status);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant={VARIANT[status] ?? "red"}>{status === "trialing" ? "Free Trial" : status.replace("_", " ")}</Badge>
      {mismatch ? (
        <Badge variant="outline" title="The local status differs from the payment provider's status">
          Stripe: {providerStatus}
        </Badge>
      ) : null}
    </span>
  );
}

import { Badge } from "./badge";

type Variant = "blue" | "green" | "amber" | "red" | "grey";

/** The states of a message the product delivers (the e-mail and SMS outboxes), as badges. */
const DELIVERY_STATUS: Record<string, { label: string; variant: Variant }> = {
  outbox: { label: "In outbox", variant: "blue" },
  queued: { label: "Queued", variant: "amber" },
  sent: { label: "Sent", variant: "green" },
  failed: { label: "Failed", variant: "red" },
  opted_out: { label: "Opted out (STOP)", variant: "grey" },
};

export function DeliveryStatusBadge({ status }: { status: string }) {
  const s = DELIVERY_STATUS[status] ?? { label: status, variant: "grey" as const };
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

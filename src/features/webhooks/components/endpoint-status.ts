import { formatDateTime } from "@/lib/format";
import type { DeliveryAttemptView, DeliveryView, EndpointView } from "../endpoint.schema";

/** Why the product turned an endpoint off, as the page says it; null when a person did, or it is on. */
export function disabledNote(endpoint: Pick<EndpointView, "enabled" | "disabledReason">): string | null {
  if (endpoint.enabled) return null;
  if (endpoint.disabledReason === "gone") return "Turned off: the endpoint answered 410 Gone";
  if (endpoint.disabledReason === "failing") return "Turned off after 5 days of failed deliveries";
  return null;
}

/** "Failing since Nov 23, 2026 14:05" while deliveries fail; null while they succeed. */
export function failingNote(endpoint: Pick<EndpointView, "failingSince">, timeZone: string): string | null {
  return endpoint.failingSince ? `Failing since ${formatDateTime(endpoint.failingSince, { timeZone })}` : null;
}

export const DELIVERY_STATUS_LABELS: Record<DeliveryView["status"], string> = { pending: "Pending", succeeded: "Delivered", failed: "Failed" };

/** The newest attempt of a delivery (the log's order is not assumed). */
export function lastAttempt(delivery: Pick<DeliveryView, "attemptLog">): DeliveryAttemptView | null {
  let last: DeliveryAttemptView | null = null;
  for (const a of delivery.attemptLog) if (!last || Date.parse(a.attemptedAt) > Date.parse(last.attemptedAt)) last = a;
  return last;
}

/** The "Last answer" cell: "200", "No answer" (timeout, refused) or "Not sent yet". */
export function lastAnswer(delivery: Pick<DeliveryView, "attempts" | "lastStatusCode" | "attemptLog">): string {
  const attempt = lastAttempt(delivery);
  const code = attempt ? attempt.statusCode : delivery.lastStatusCode;
  if (code !== null && code !== undefined) return String(code);
  return delivery.attempts > 0 || attempt ? "No answer" : "Not sent yet";
}

import { ProviderError, type ProviderEvent } from "./port";

/** Reads the trigger fields of a provider event body (Stripe's event shape). */
export function parseEventJson(rawBody: string): ProviderEvent {
  let body: { id?: unknown; type?: unknown; created?: unknown; data?: { object?: Record<string, unknown> } };
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new ProviderError("Webhook payload is not valid JSON", "invalid_payload", false);
  }
  if (typeof body.id !== "string" || typeof body.type !== "string") {
    throw new ProviderError("Webhook payload is not an event", "invalid_payload", false);
  }
  const obj = body.data?.object ?? {};
  const objectType = typeof obj.object === "string" ? obj.object : "";
  const refId = (v: unknown): string | null => (typeof v === "string" ? v : v && typeof v === "object" && typeof (v as { id?: unknown }).id === "string" ? (v as { id: string }).id : null);
  let customerId = refId(obj.customer);
  if (!customerId && (objectType === "customer" || (body.type.startsWith("customer.") && !body.type.startsWith("customer.subscription")))) {
    customerId = refId(obj.id);
  }
  let subscriptionId: string | null = null;
  if (objectType === "subscription" || body.type.startsWith("customer.subscription.")) subscriptionId = refId(obj.id);
  else {
    const parent = obj.parent as { subscription_details?: { subscription?: unknown } } | undefined;
    subscriptionId = refId(parent?.subscription_details?.subscription) ?? refId(obj.subscription);
  }
  return {
    id: body.id,
    type: body.type,
    createdAt: new Date((typeof body.created === "number" ? body.created : Date.now() / 1000) * 1000),
    customerId,
    subscriptionId,
    objectId: refId(obj.id),
  };
}

import "server-only";
import type { DeliveryView } from "./endpoint.schema";
import type { WebhookEventType } from "./event-types";

/**
 * STUB (groundwork): built by the webhooks-engine helper. The delivery job
 * (`webhookDeliveryJob`), resends and test events live here.
 */

/** POST /api/webhook-deliveries/{id}/resend: sends the event again now, with the same webhook-id; the delivery must belong to the account (else 404 "Delivery not found"). */
export async function resendDelivery(accountId: string, deliveryId: string): Promise<DeliveryView> {
  void accountId;
  void deliveryId;
  throw new Error("not built");
}

/** POST /api/webhook-endpoints/{id}/test: a sample event of `type` (data marked as a sample), delivered to this endpoint only; answers its delivery. */
export async function sendTestEvent(accountId: string, endpointId: string, type: WebhookEventType): Promise<DeliveryView> {
  void accountId;
  void endpointId;
  void type;
  throw new Error("not built");
}

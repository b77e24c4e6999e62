import "server-only";
import Stripe from "stripe";
import { deriveKey } from "@/lib/secrets";
import { ProviderError, type ProviderEvent } from "../provider/port";
import { parseEventJson } from "../provider/events";

/**
 * Webhook signing of the sandbox: a local secret and the provider's scheme
 * (`t=<unix>,v1=<hmac>`), so the webhook route verifies sandbox events exactly
 * as it verifies the provider's.
 */

/** The local webhook secret the sandbox signs its events with (same scheme as Stripe). */
export function sandboxWebhookSecret(): string {
  return "whsec_sandbox_" + deriveKey("sandbox-webhook-v1").toString("hex");
}

/** Verifies a signature over the raw body (throws ProviderError on a bad one) and reads the event. */
export async function constructWebhookEvent(rawBody: string, signature: string | null): Promise<ProviderEvent> {
  try {
    Stripe.webhooks.constructEvent(rawBody, signature ?? "", sandboxWebhookSecret());
  } catch (err) {
    throw new ProviderError(err instanceof Error ? err.message : "Invalid signature", "signature_verification", false);
  }
  return parseEventJson(rawBody);
}

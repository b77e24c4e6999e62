import Stripe from "stripe";
import { copy, type FakeState, type Json } from "./state";

/** The API version the fake answers for: the one the pinned SDK (stripe 23) sends. */
export const FAKE_API_VERSION = Stripe.API_VERSION;

/** An event as Stripe sends it to a webhook endpoint (https://docs.stripe.com/api/events/object). */
export type StripeEvent = {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Json; previous_attributes?: Json };
};

/** Records an event about `object` (a snapshot of it now) and hands it to onEvent. */
export function emit(state: FakeState, type: string, object: Json, created: number, previous?: Json): StripeEvent {
  const event: StripeEvent = {
    id: state.id("evt"),
    object: "event",
    type,
    created,
    api_version: FAKE_API_VERSION,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: copy(object), ...(previous ? { previous_attributes: copy(previous) } : {}) },
  };
  state.events.push(event);
  state.onEvent?.(event);
  return event;
}

/**
 * An event's payload and its `Stripe-Signature` header for a webhook secret,
 * signed the way Stripe signs deliveries (the SDK's test helper), so a test
 * can post it to the app's webhook route.
 */
export function signEvent(event: StripeEvent, secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

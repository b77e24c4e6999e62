import type { Reply, Handler } from "../loopback-stripe";
import { FakeError, declined, invalid, missing } from "./errors";
import { errorReply, type Router } from "./router";
import { topLevelNames } from "./params";
import type { FakeState } from "./state";

/**
 * The documented Stripe rules the fake enforces, beyond the two LoopbackStripe
 * applies to every test (idempotency keys, https://docs.stripe.com/api/idempotent_requests,
 * and one-time prices only on invoice items, https://docs.stripe.com/api/invoiceitems/create).
 */

/**
 * Unknown parameters are refused: since API version 2011-06-21 Stripe raises
 * an error for a parameter it does not recognise instead of ignoring it
 * (https://docs.stripe.com/changelog/2011-06-21/exceptions-unrecognized-api-parameters).
 * The answer is 400 invalid_request_error, code parameter_unknown, "Received
 * unknown parameter: <name>". Each fake route declares the top-level
 * parameters it accepts (as API 2026-10-28.endive and the stripe@23 types
 * name them); nested keys (metadata[k], items[0][price], expand[0]) are
 * checked by their top-level name.
 */
export function unknownParameterRule(router: Router): Handler {
  return (req): Reply | undefined => {
    const route = router.routeOf(req);
    if (!route) return undefined;
    const flat = req.method === "POST" ? req.params : req.query;
    const unknown = topLevelNames(flat).find((name) => !route.accepts.includes(name));
    if (!unknown) return undefined;
    return errorReply(new FakeError(400, { type: "invalid_request_error", code: "parameter_unknown", param: unknown, message: `Received unknown parameter: ${unknown}` }));
  };
}

const DAY = 86_400;
/** Meter event timestamps: at most 35 calendar days in the past (https://docs.stripe.com/api/billing/meter-event/create). */
export const METER_EVENT_MAX_AGE_SECONDS = 35 * DAY;
/** ... and at most 5 minutes in the future (same page). */
export const METER_EVENT_MAX_AHEAD_SECONDS = 5 * 60;

/**
 * A meter event's problems (https://docs.stripe.com/api/billing/meter-event/create):
 * - `timestamp` "must be within the past 35 calendar days or up to 5 minutes
 *   in the future": outside that window the event is refused (400,
 *   param timestamp). "Now" is the customer's test clock time when it has one.
 * - `payload.value` is a whole number (the notes; a decimal or negative is refused).
 * - `identifier` is unique within a rolling period of at least 24 hours. The
 *   v1 endpoint validates and processes events asynchronously and documents
 *   no synchronous error for a repeated identifier, so the fake answers 200
 *   as for any accepted event and does not count the repeat (`duplicate`).
 */
export function meterEventProblem(state: FakeState, event: { customer: string; value: string; identifier: string; timestamp: number }): { refuse?: FakeError; duplicate: boolean } {
  if (!event.customer || !state.customers.has(event.customer)) return { refuse: missing("customer", event.customer, "payload[stripe_customer_id]"), duplicate: false };
  const now = state.now(event.customer);
  if (!Number.isFinite(event.timestamp) || event.timestamp < now - METER_EVENT_MAX_AGE_SECONDS) {
    return { refuse: invalid("Timestamp must be within the past 35 calendar days.", "timestamp"), duplicate: false };
  }
  if (event.timestamp > now + METER_EVENT_MAX_AHEAD_SECONDS) {
    return { refuse: invalid("Timestamp must not be more than 5 minutes in the future.", "timestamp"), duplicate: false };
  }
  if (!/^\d+$/.test(event.value)) return { refuse: invalid("The payload value must be a whole number.", "payload[value]"), duplicate: false };
  // "At least 24 hours": the fake remembers identifiers for its whole life.
  const duplicate = state.meterEvents.some((e) => e.identifier === event.identifier);
  return { duplicate };
}

/**
 * A portal session needs a configuration: the `configuration` parameter names
 * one, otherwise the session uses the account's default configuration
 * (https://docs.stripe.com/api/customer_portal/configurations: `is_default`
 * "portal sessions will use this configuration unless it is overriden"),
 * which exists only once the portal settings are saved in the Dashboard
 * (https://docs.stripe.com/customer-management/configure-portal). Without
 * either Stripe refuses the session with a 400 invalid_request_error; the
 * message below is the one Stripe answers in test mode. Configurations made
 * through the API are never the default.
 */
export function portalSessionProblem(state: FakeState, configuration: string | undefined): FakeError | null {
  if (configuration) {
    const c = state.portalConfigurations.get(configuration);
    if (!c) return missing("configuration", configuration, "configuration");
    if (!c.active) return invalid(`The configuration ${configuration} is not active.`, "configuration");
    return null;
  }
  if ([...state.portalConfigurations.values()].some((c) => c.is_default && c.active)) return null;
  return invalid(
    "No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.",
  );
}

/**
 * A subscription without a trial is invoiced and charged at once. With
 * `payment_behavior: 'error_if_incomplete'`, a first invoice that cannot be
 * paid makes the request fail with a 402 (a card error) and no subscription
 * is created (https://docs.stripe.com/api/subscriptions/create#create_subscription-payment_behavior:
 * "Use error_if_incomplete if you want Stripe to return an HTTP 402 status
 * code if a subscription's invoice cannot be paid"). `charged`: whether the
 * card the invoice would be charged to pays.
 */
export function firstInvoiceRefusal(behaviour: string, trialing: boolean, charged: boolean): FakeError | null {
  if (trialing || behaviour !== "error_if_incomplete" || charged) return null;
  return declined("generic_decline");
}

/**
 * Rate limiting (https://docs.stripe.com/rate-limits): "If you send many
 * requests in quick succession, you might receive 429 error responses"; the
 * limited request is not carried out, so its retry (even under the same
 * idempotency key: LoopbackStripe saves no 429) runs as new, and Stripe's
 * advice is to back off exponentially. The answer is 429 with
 * `{type: 'invalid_request_error', code: 'rate_limit'}` (the SDK raises
 * StripeRateLimitError) and the `Stripe-Rate-Limited-Reason` header. Stripe
 * does not promise a Retry-After header; HTTP allows one on 429 (RFC 6585,
 * section 4), so the fake sends it when the test asks for one. The fake
 * cannot know Stripe's real limits: a test switches the limit on for a
 * number of requests (StripeFake.rateLimit).
 */
export function rateLimitRule(state: FakeState): Handler {
  return (req): Reply | undefined => {
    const limit = state.rateLimits.find(
      (l) => l.remaining > 0 && (l.method === null || l.method === req.method) && (l.path === null || (typeof l.path === "string" ? l.path === req.path : l.path.test(req.path))),
    );
    if (!limit) return undefined;
    limit.remaining -= 1;
    return {
      status: 429,
      headers: { "stripe-rate-limited-reason": "endpoint-rate", ...(limit.retryAfterSeconds !== null ? { "retry-after": String(limit.retryAfterSeconds) } : {}) },
      body: { error: { type: "invalid_request_error", code: "rate_limit", message: "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits." } },
    };
  };
}

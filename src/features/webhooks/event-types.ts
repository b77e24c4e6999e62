/**
 * Outbound webhooks (issue 25, Standard Webhooks 1.0): the event types a
 * business's endpoints can receive, and the delivery rules both the server
 * and the page show. Client-safe.
 */
export const WEBHOOK_EVENT_TYPES = ["call.completed", "call.updated", "appointment.booked", "usage.threshold_reached", "subscription.updated", "invoice.paid", "invoice.payment_failed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event type means, as the page and the docs say it. */
export const EVENT_TYPE_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "call.completed": "A call, text or chat was stored.",
  "call.updated": "A stored call changed: its summary or transcript arrived, or it was reported as spam.",
  "appointment.booked": "The AI employee booked an appointment.",
  "usage.threshold_reached": "This month's usage reached 80% or 100% of the plan's included units.",
  "subscription.updated": "A subscription changed: its status, plan, trial or cancellation.",
  "invoice.paid": "An invoice was paid.",
  "invoice.payment_failed": "A payment for an invoice failed.",
};

/** At most this many endpoints per account. */
export const MAX_ENDPOINTS = 10;

/** Seconds before each retry after a failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600] as const;

/** An endpoint failing this long without a success is disabled and its owners are e-mailed. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000;

/** Each attempt's time limit. */
export const DELIVERY_TIMEOUT_MS = 15_000;

/** How much of an answer's body the delivery log keeps, and for how long. */
export const LOGGED_RESPONSE_BYTES = 2048;
export const ATTEMPT_RETENTION_DAYS = 30;

/** After rotation the old secret stays valid (and is signed with) this long. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 3600 * 1000;

/** A payload's largest size in bytes. */
export const MAX_PAYLOAD_BYTES = 20 * 1024;

import { createHash } from "node:crypto";

/**
 * An idempotency key that covers every parameter of the request it is sent
 * with: the caller's key (which names the intent: this checkout, this
 * overage entry, this cancel) followed by a digest of the parameters. Stripe
 * refuses a key that comes back with different parameters
 * (https://docs.stripe.com/api/idempotent_requests), so a retry with the same
 * parameters is still deduplicated, while a request whose parameters changed
 * (a replaced price, another plan, a new name) is a new request rather than
 * an idempotency_error. Keys stay well under Stripe's 255 characters.
 */
export function idempotencyKeyFor(intent: string, params: unknown): string {
  const digest = createHash("sha256").update(stableJson(params)).digest("hex").slice(0, 16);
  return `${intent.slice(0, 200)}-${digest}`;
}

/** JSON with object keys sorted, so equal parameters give equal text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    // Dates, decimals and other class instances: their text form.
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return JSON.stringify(String(value));
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The key of making a setup intent's card the default: the same from the webhook and from the card form's report. */
export function setupCardDefaultKey(setupIntentId: string): string {
  return `default-card-${setupIntentId}`;
}

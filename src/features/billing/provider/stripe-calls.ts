import Stripe from "stripe";
import { ProviderError, type ProviderErrorType } from "./port";

/** Values and errors of the Stripe SDK, shared by the Stripe adapter's files. */

export const toDate = (unix: number | null | undefined): Date | null => (typeof unix === "number" ? new Date(unix * 1000) : null);
export const unix = (d: Date): number => Math.floor(d.getTime() / 1000);
export const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === "string" ? v : v.id);

/** The ProviderErrorType of an SDK error (by its class; rawType is Stripe's `error.type`). */
function errorType(err: Stripe.errors.StripeError): ProviderErrorType {
  if (err instanceof Stripe.errors.StripeCardError) return "card_error";
  if (err instanceof Stripe.errors.StripeIdempotencyError) return "idempotency_error";
  if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError) return "authentication_error";
  if (err instanceof Stripe.errors.StripeRateLimitError) return "rate_limit_error";
  if (err instanceof Stripe.errors.StripeConnectionError) return "api_connection_error";
  if (err instanceof Stripe.errors.StripeInvalidRequestError) return "invalid_request_error";
  return "api_error";
}

/**
 * The Retry-After header of an answer, in seconds: a number of seconds or an
 * HTTP date (RFC 9110, section 10.2.3); null when absent or unreadable.
 */
function retryAfterSeconds(headers: Record<string, unknown> | undefined, now = Date.now()): number | null {
  const raw = headers?.["retry-after"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== "string" || !value.trim()) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Turns SDK errors into ProviderError, keeping the provider's message and its
 * type: callers show the message only for card errors (declines) and log the
 * rest.
 */
export function providerError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    const retryable =
      err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError || (err.statusCode ?? 0) >= 500;
    const code = err.code ?? (err instanceof Stripe.errors.StripeIdempotencyError ? "idempotency_error" : err.type);
    return new ProviderError(err.message, code, retryable, errorType(err), retryAfterSeconds(err.headers));
  }
  return new ProviderError(err instanceof Error ? err.message : String(err), "api_error", true, "api_error");
}

/** Runs one SDK call, turning its failure into a ProviderError. */
export async function callStripe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw providerError(err);
  }
}

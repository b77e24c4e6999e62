import "server-only";
import { outboundFetch } from "@/lib/http/outbound-fetch";
import { findOutboundError } from "@/lib/http/outbound-errors";
import { DELIVERY_TIMEOUT_MS, LOGGED_RESPONSE_BYTES } from "./event-types";
import { parseRetryAfter } from "./delivery-rules";
import { signedHeaders, signingSecrets } from "./secrets.server";

/** What the delivery log keeps of one POST. */
export type SendResult = {
  /** The HTTP status, or null when no answer came (refused, unreachable, timed out). */
  statusCode: number | null;
  /** The first LOGGED_RESPONSE_BYTES of the answer's body, or what went wrong. */
  response: string;
  durationMs: number;
  /** The answer's Retry-After in seconds, when it sent one. */
  retryAfterSeconds: number | null;
};

/** A declared Content-Length above this fails the attempt unread; the body itself is read only to its first 2 KB. */
const ANSWER_MAX_BYTES = 1024 * 1024;

export const WEBHOOK_USER_AGENT = "HumanFocusAI-Webhooks/1.0 (+Standard Webhooks)";

export type SendTarget = {
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
};

/**
 * POSTs one event to one endpoint through the guarded outbound fetch (https
 * only, never a private address unless OUTBOUND_ALLOW_HOSTS names it), signed
 * with every secret valid at `now` (the current one, and the previous one for
 * 24 h after a rotation). Redirects are not followed. Never throws: a refusal,
 * a timeout or a reset is a result without a status, its message logged.
 */
export async function sendEvent(endpoint: SendTarget, eventId: string, body: string, now: Date, signal?: AbortSignal): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const headers = { ...signedHeaders(eventId, body, signingSecrets(endpoint, now), now), "user-agent": WEBHOOK_USER_AGENT };
    const res = await outboundFetch(endpoint.url, { method: "POST", headers, body, maxBytes: ANSWER_MAX_BYTES, timeoutMs: DELIVERY_TIMEOUT_MS, maxRedirects: 0, ...(signal ? { signal } : {}) });
    const retryAfterSeconds = parseRetryAfter(res.headers.get("retry-after"), new Date());
    const response = await firstBytes(res, LOGGED_RESPONSE_BYTES);
    return { statusCode: res.status, response, durationMs: elapsed(), retryAfterSeconds };
  } catch (err) {
    return { statusCode: null, response: failureText(err), durationMs: elapsed(), retryAfterSeconds: null };
  }
}

/** What went wrong, as the delivery log says it. */
export function failureText(err: unknown): string {
  const outbound = findOutboundError(err);
  if (outbound?.failure === "redirects") return "the endpoint answered with a redirect: webhooks do not follow redirects, give the final URL";
  if (outbound) return `${outbound.failure === "blocked" || outbound.failure === "scheme" ? "refused" : outbound.failure}: ${outbound.message}`;
  const message = err instanceof Error ? err.message : String(err);
  return `error: ${message}`.slice(0, LOGGED_RESPONSE_BYTES);
}

/** The first `limit` bytes of the body as text; the rest is not read. A body that breaks off keeps what arrived. */
async function firstBytes(res: Response, limit: number): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // The status counts; the log keeps what was read.
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = Buffer.concat(chunks).subarray(0, limit);
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

import "server-only";

/**
 * Why a guarded outbound request did not give an answer:
 * - `blocked`: the address (as written, resolved, or after a redirect) is in a refused range;
 * - `scheme`: not https (plain http only for OUTBOUND_ALLOW_HOSTS), or not a URL;
 * - `redirects`: more redirects than allowed (at most 3), or a malformed one;
 * - `too_large`: the body is larger than the cap (declared, or counted as it arrived);
 * - `timeout`: the whole exchange, body included, took longer than the cap;
 * - `unreachable`: the name did not resolve, the connection or TLS failed, the peer hung up.
 */
export type OutboundFailure = "blocked" | "scheme" | "redirects" | "too_large" | "timeout" | "unreachable";

export class OutboundRequestError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OutboundRequestError";
  }

  /** The status a gateway answers its own caller with: 504 for a timeout, else 502. */
  get gatewayStatus(): 502 | 504 {
    return this.failure === "timeout" ? 504 : 502;
  }
}

/** The OutboundRequestError in `err` or its chain of causes (undici wraps connection errors as "fetch failed"). */
export function findOutboundError(err: unknown): OutboundRequestError | null {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundRequestError) return e;
  }
  return null;
}

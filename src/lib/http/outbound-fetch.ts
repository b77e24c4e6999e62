import "server-only";
import { Agent, fetch as undiciFetch } from "undici";
import { config } from "@/lib/config";
import { blockedRange, isIpLiteral } from "./address-ranges";
import { cappedBody } from "./outbound-body";
import { findOutboundError, OutboundRequestError } from "./outbound-errors";
import { isAllowedHost, type AllowedHost } from "./outbound-allow-hosts";
import { resolvingLookup, systemResolver, type Resolver } from "./outbound-lookup";

/** The most redirects any outbound request follows. */
export const MAX_REDIRECTS = 3;

export type OutboundInit = {
  method?: string;
  headers?: Record<string, string>;
  /** Kept as is for a 307/308 redirect, so it is a string or bytes, never a stream. */
  body?: string | Uint8Array;
  /** The most bytes of body accepted; past it the request fails with `too_large`. */
  maxBytes: number;
  /** The whole exchange: connecting, redirects, headers and the body to its last byte. */
  timeoutMs: number;
  /** Redirects to follow (each one checked like the first address), at most MAX_REDIRECTS (the default). */
  maxRedirects?: number;
  /** Let plain http through to any address that passes the checks (https only by default). */
  allowHttp?: boolean;
  signal?: AbortSignal;
};

export type OutboundFetch = (url: string | URL, init: OutboundInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);
/** Sent to the first host only: a redirect to another origin does not carry them on. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/**
 * Builds the guarded fetch (ADR 0103). Every request, and every redirect it
 * follows, is refused unless its URL is https (or the host is allowed) and
 * its host, written as an address or resolved by name, lies outside the
 * refused ranges (address-ranges.ts). The connection goes to the addresses
 * that were checked (outbound-lookup.ts). The answer's body is capped in
 * bytes, and the whole exchange in time. Failures are OutboundRequestErrors.
 */
export function createOutboundFetch(options: { resolve?: Resolver; allowHosts?: () => readonly AllowedHost[] } = {}): OutboundFetch {
  const allowHosts = options.allowHosts ?? (() => config().OUTBOUND_ALLOW_HOSTS);
  const resolve = options.resolve ?? systemResolver;
  const guarded = new Agent({ connect: { lookup: resolvingLookup(resolve, { check: true }) } });
  // OUTBOUND_ALLOW_HOSTS only: named by the operator, reached wherever they resolve.
  const open = new Agent({ connect: { lookup: resolvingLookup(resolve, { check: false }) } });

  return async function outboundFetch(input, init) {
    const maxRedirects = Math.min(init.maxRedirects ?? MAX_REDIRECTS, MAX_REDIRECTS);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new OutboundRequestError("timeout", `no complete answer within ${init.timeoutMs} ms`));
    }, init.timeoutMs);
    const callerAbort = () => controller.abort(init.signal?.reason);
    init.signal?.addEventListener("abort", callerAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      init.signal?.removeEventListener("abort", callerAbort);
    };
    const describe = (err: unknown): Error => {
      if (timedOut) return new OutboundRequestError("timeout", `no complete answer within ${init.timeoutMs} ms`, { cause: err });
      if (init.signal?.aborted) return init.signal.reason instanceof Error ? init.signal.reason : new Error("aborted", { cause: err });
      return findOutboundError(err) ?? new OutboundRequestError("unreachable", `the request failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
    };

    try {
      let url = toUrl(input);
      let method = (init.method ?? "GET").toUpperCase();
      let body = init.body;
      const headers = new Headers(init.headers);
      // The bytes counted are the bytes sent on: no decompression in between.
      if (!headers.has("accept-encoding")) headers.set("accept-encoding", "identity");
      for (let redirects = 0; ; redirects++) {
        const allowed = isAllowedHost(url, allowHosts());
        checkDestination(url, allowed, init.allowHttp ?? false);
        const res = await undiciFetch(url, { method, headers, body, redirect: "manual", signal: controller.signal, dispatcher: allowed ? open : guarded });
        const location = res.headers.get("location");
        if (REDIRECTS.has(res.status) && location) {
          await res.body?.cancel().catch(() => {});
          if (redirects >= maxRedirects) throw new OutboundRequestError("redirects", `more than ${maxRedirects} redirects`);
          const next = redirectTarget(location, url);
          if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
            method = "GET";
            body = undefined;
            headers.delete("content-type");
          }
          if (next.origin !== url.origin) for (const h of CREDENTIAL_HEADERS) headers.delete(h);
          url = next;
          continue;
        }
        const declared = Number(res.headers.get("content-length") ?? "");
        if (Number.isFinite(declared) && declared > init.maxBytes) {
          await res.body?.cancel().catch(() => {});
          throw new OutboundRequestError("too_large", `the answer declares ${declared} bytes, more than ${init.maxBytes}`);
        }
        const hasBody = res.body && !NULL_BODY.has(res.status) && method !== "HEAD";
        if (!hasBody) {
          await res.body?.cancel().catch(() => {});
          settle();
        }
        const out = hasBody ? cappedBody(res.body as ReadableStream<Uint8Array>, { maxBytes: init.maxBytes, abort: (r) => controller.abort(r), describe, settle }) : null;
        return new Response(out, { status: res.status, statusText: res.statusText, headers: [...res.headers] });
      }
    } catch (err) {
      settle();
      throw describe(err);
    }
  };
}

function toUrl(input: string | URL): URL {
  try {
    return new URL(input);
  } catch {
    throw new OutboundRequestError("scheme", "not an absolute URL");
  }
}

function redirectTarget(location: string, from: URL): URL {
  try {
    return new URL(location, from);
  } catch {
    throw new OutboundRequestError("redirects", "a redirect to a malformed address");
  }
}

/** Refuses a URL by its scheme and, when its host is an address, by that address; a name is checked when it resolves. */
function checkDestination(url: URL, allowed: boolean, allowHttp: boolean): void {
  const httpOk = allowed || allowHttp;
  if (url.protocol !== "https:" && !(httpOk && url.protocol === "http:")) {
    throw new OutboundRequestError("scheme", `${url.protocol} is not allowed for outbound requests${httpOk ? "" : " (https only)"}`);
  }
  if (url.username || url.password) throw new OutboundRequestError("scheme", "credentials in the URL are not allowed");
  if (allowed || !isIpLiteral(url.hostname)) return;
  const range = blockedRange(url.hostname);
  if (range) throw new OutboundRequestError("blocked", `${url.hostname} is a refused address (${range}); outbound requests never go there`);
}

let shared: OutboundFetch | undefined;

/**
 * The server's one way to call another system (recordings, webhooks): the
 * system resolver, and OUTBOUND_ALLOW_HOSTS from the configuration.
 */
export const outboundFetch: OutboundFetch = (url, init) => {
  shared ??= createOutboundFetch();
  return shared(url, init);
};

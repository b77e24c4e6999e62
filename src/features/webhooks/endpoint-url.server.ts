import "server-only";
import { blockedRange, isIpLiteral } from "@/lib/http/address-ranges";
import { isAllowedHost, type AllowedHost } from "@/lib/http/outbound-allow-hosts";

/**
 * Which URLs a webhook endpoint may have (issue 25, ADR 0127): absolute,
 * https, no user name or password, and not a loopback, private, link-local
 * or otherwise refused address (written as an IP literal, or "localhost").
 * A host named in OUTBOUND_ALLOW_HOSTS (host, or host:port) is let through,
 * over http too. Names that resolve to a refused address are caught when the
 * delivery is sent (the guarded outbound fetch checks every address it
 * connects to); this check refuses what is plain from the URL alone.
 *
 * Answers the URL as stored (the parser's normal form), or the problem in
 * words that follow "url: ".
 */
export function checkEndpointUrl(raw: string, allowed: readonly AllowedHost[]): { ok: true; url: string } | { ok: false; problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: "must be an absolute URL such as https://example.com/webhooks" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, problem: `must use https (not ${url.protocol.replace(/:$/, "")})` };
  if (url.username || url.password) return { ok: false, problem: "must not contain a user name or password" };
  if (!url.hostname) return { ok: false, problem: "must name a host" };
  if (isAllowedHost(url, allowed)) return { ok: true, url: url.href };
  if (url.protocol !== "https:") return { ok: false, problem: "must use https" };
  const host = url.hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return { ok: false, problem: `${url.hostname} is a loopback host; webhooks are only sent to public addresses` };
  if (isIpLiteral(host)) {
    const range = blockedRange(host);
    if (range) return { ok: false, problem: `${url.hostname} is a refused address (${range}); webhooks are only sent to public addresses` };
  }
  return { ok: true, url: url.href };
}

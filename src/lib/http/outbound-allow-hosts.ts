import "server-only";

/**
 * OUTBOUND_ALLOW_HOSTS: named hosts the guarded outbound fetch lets through
 * although they resolve to a refused address (development, tests). Each entry
 * is `host` (any port) or `host:port`; an IPv6 address is written in brackets.
 */
export type AllowedHost = { host: string; port: number | null };

const ENTRY = /^(\[[0-9a-fA-F:.]+\]|[^\s:/?#@[\]]+)(?::(\d{1,5}))?$/;

/** One entry, normalised as URLs normalise hosts (lower case, IPv4 in dotted form); null when malformed. */
export function parseAllowedHost(entry: string): AllowedHost | null {
  const m = ENTRY.exec(entry.trim());
  if (!m) return null;
  let host: string;
  try {
    host = new URL(`http://${m[1]}/`).hostname;
  } catch {
    return null;
  }
  if (!host) return null;
  if (m[2] === undefined) return { host, port: null };
  const port = Number(m[2]);
  return port >= 1 && port <= 65535 ? { host, port } : null;
}

/** The port a URL reaches: its own, else its scheme's default. */
export function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** True when `url`'s host (and port, when the entry names one) is on the list. */
export function isAllowedHost(url: URL, allowed: readonly AllowedHost[]): boolean {
  const port = effectivePort(url);
  return allowed.some((a) => a.host === url.hostname && (a.port === null || a.port === port));
}

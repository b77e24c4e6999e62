import "server-only";
import { config } from "@/lib/config";

/**
 * The caller's address. Our server (scripts/serve.mjs) appends the address
 * of the connection it accepted to X-Forwarded-For, after anything the
 * caller or a proxy put there. Each trusted proxy in front appends the
 * address it saw in turn, so the client is the entry TRUSTED_PROXY_HOPS
 * places from the right: 0 (the default) when clients connect to us
 * directly. Entries further left were written by the client and are ignored.
 */
export function clientIpFrom(forwardedFor: string | null, trustedHops: number): string {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return "unknown";
  const index = Math.max(0, entries.length - 1 - trustedHops);
  return normalise(entries[index]!);
}

export function clientIp(req: Request): string {
  return clientIpFrom(req.headers.get("x-forwarded-for"), config().TRUSTED_PROXY_HOPS);
}

/** The header better-auth reads the address from; set by us, never taken from the caller. */
export const CLIENT_IP_HEADER = "x-client-ip";

function normalise(address: string): string {
  // "[::1]:1234" or "1.2.3.4:5678" from some proxies; "::ffff:1.2.3.4" from Node's dual-stack sockets.
  let a = address;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  if (a.toLowerCase().startsWith("::ffff:") && /^\d{1,3}(\.\d{1,3}){3}$/.test(a.slice(7))) a = a.slice(7);
  return a.toLowerCase();
}

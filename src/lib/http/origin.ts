import "server-only";
import { config } from "@/lib/config";

/**
 * True when a browser sent this request from another site. Browsers send
 * Origin on every cross-site POST/PUT/PATCH/DELETE; callers without one
 * (server-to-server, curl) cannot carry a victim's cookies, so they pass.
 * `Origin: null` (sandboxed frames, data: URLs, some redirects) is a page
 * whose site we cannot know, so it counts as cross-site.
 */
export function isCrossOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (origin === "null") return true;
  if (!origin) {
    const site = req.headers.get("sec-fetch-site");
    return site === "cross-site" || site === "same-site";
  }
  const allowed = new Set<string>([new URL(config().baseUrl).origin]);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (host) {
    const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(":", "");
    allowed.add(`${proto}://${host}`);
  }
  return !allowed.has(origin);
}

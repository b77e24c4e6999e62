import "server-only";
import { cookies } from "next/headers";
import { isKnownTimeZone } from "@/lib/time-zone";
import { BROWSER_ZONE_COOKIE, callDisplay, type CallDisplay } from "./call-display";

/** A page's CallDisplay for the account: its zone, or the browser's from the cookie while it has none. */
export async function callDisplayFor(account: { timeZone: string }): Promise<CallDisplay> {
  return callDisplay(account.timeZone, browserZone((await cookies()).get(BROWSER_ZONE_COOKIE)?.value));
}

/** The same for an API request (its Cookie header). */
export function callDisplayForRequest(account: { timeZone: string }, req: Request): CallDisplay {
  const pair = (req.headers.get("cookie") ?? "")
    .split(";")
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${BROWSER_ZONE_COOKIE}=`));
  return callDisplay(account.timeZone, browserZone(pair?.slice(BROWSER_ZONE_COOKIE.length + 1)));
}

/** The cookie's zone when it is one Intl knows, else null. */
function browserZone(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const zone = decodeURIComponent(raw);
    return isKnownTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

import "server-only";
import { cookies } from "next/headers";
import { isKnownTimeZone } from "@/lib/time-zone";
import { BROWSER_ZONE_COOKIE, callDisplay, type CallDisplay } from "./call-display";

/** The page's CallDisplay for the account: its zone, or the browser's from the cookie while it has none. */
export async function callDisplayFor(account: { timeZone: string }): Promise<CallDisplay> {
  const raw = (await cookies()).get(BROWSER_ZONE_COOKIE)?.value;
  let browserZone: string | null = null;
  try {
    browserZone = raw && isKnownTimeZone(decodeURIComponent(raw)) ? decodeURIComponent(raw) : null;
  } catch {
    browserZone = null;
  }
  return callDisplay(account.timeZone, browserZone);
}

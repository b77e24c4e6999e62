import { formatDateTime } from "@/lib/format";
import { formatPhone } from "@/lib/phone-format";
import { timeZoneLabel } from "@/lib/time-zone";
import { countryOfTimeZone } from "@/lib/zone-country";

/**
 * How the call pages show times and numbers (ADR 0117): in the account's time
 * zone, or this browser's while the account has none (its zone is still the
 * default UTC); numbers in the format of the zone's country (US when the zone
 * has none). Passed from the server page to the rows, so the server render
 * and the browser show the same text.
 */
export type CallDisplay = {
  timeZone: string;
  /** Where the zone came from: the business details, this browser (cookie), or neither yet (UTC). */
  zoneSource: "account" | "browser" | "default";
  /** ISO 3166 code the numbers are formatted for. */
  country: string;
  /** The zone as the page names it, "Central Time (America/Chicago)": made once on the server, so the browser shows the same words. */
  zoneLabel: string;
};

/** The cookie in which the portal keeps the browser's IANA zone (set by <TimeZoneNote>). */
export const BROWSER_ZONE_COOKIE = "tz";

/** The account's zone counts as set once it is anything but the default UTC. */
export function callDisplay(accountZone: string, browserZone: string | null): CallDisplay {
  const zoneSource = accountZone !== "UTC" ? "account" : browserZone ? "browser" : "default";
  const timeZone = zoneSource === "account" ? accountZone : (browserZone ?? "UTC");
  return { timeZone, zoneSource, country: countryOfTimeZone(timeZone) ?? "US", zoneLabel: timeZoneLabel(timeZone) };
}

/** A call's time as the page shows it: 'Nov 23, 2026 14:05' in the page's zone (named once on the page). */
export function callTime(iso: string, display: CallDisplay, seconds = false): string {
  return formatDateTime(iso, { timeZone: display.timeZone, seconds });
}

/** A phone number as the account's country writes it; "" stays "". */
export function callNumber(raw: string | null, display: Pick<CallDisplay, "country">): string {
  return raw ? formatPhone(raw, display.country) : "";
}

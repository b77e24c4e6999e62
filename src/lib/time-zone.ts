/** Time zones as the pages name them (ADR 0117). */

/** True when `zone` is an IANA zone this runtime can format in ("UTC" included). */
export function isKnownTimeZone(zone: string | null | undefined): zone is string {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone as a reader knows it: "Central Time (America/Chicago)",
 * "Coordinated Universal Time (UTC)"; the IANA name alone when Intl has no
 * generic name for it. `at` picks the date for zones whose name changes.
 */
export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  const iana = zone.replaceAll("_", " ");
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
  } catch {
    return iana;
  }
  if (zone === "UTC") name = "Coordinated Universal Time";
  return name && !/^GMT[+-]/.test(name) && name !== iana ? `${name} (${iana})` : iana;
}

import "server-only";
import { HttpError } from "@/lib/http/errors";

export const AT_PROBLEM = "at: must be an ISO time";
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** How far `zone`'s clocks are ahead of UTC at the instant `ms`, in ms. */
function offsetAt(ms: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The preview's instant: none is now; an ISO time with Z or an offset is
 * that instant; a local ISO time without one ("2026-11-28T22:00") is that
 * wall-clock time in the settings' zone (a time skipped by a DST change
 * moves forward by the jump: 01:30 in a 01:00 → 02:00 gap is 02:30). Anything else is a 400.
 */
export function parseAt(raw: string | null, timeZone: string, now = new Date()): Date {
  if (raw === null || raw === "") return now;
  if (WITH_OFFSET.test(raw)) {
    const at = new Date(raw);
    if (Number.isNaN(at.getTime())) throw new HttpError(400, AT_PROBLEM);
    return at;
  }
  const m = LOCAL.exec(raw);
  if (!m) throw new HttpError(400, AT_PROBLEM);
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) throw new HttpError(400, AT_PROBLEM);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
}

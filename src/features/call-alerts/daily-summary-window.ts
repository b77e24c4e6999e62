import { isKnownTimeZone } from "@/lib/time-zone";

/**
 * When the daily summary goes out and which day it covers (issue 25, ADR
 * 0131). Both are read off the account's time zone with the runtime's own
 * zone data (Intl), so daylight saving and half-hour zones need no special
 * case: the summary is due while the local clock reads 08:00 to 08:14, and it
 * covers yesterday's local calendar day, from its first instant to today's
 * first instant (23 hours long on the day clocks go forward, 25 on the day
 * they go back).
 */

/** The local time the summary is sent at, and how long after it a run still sends it (the cron's step). */
export const SUMMARY_HOUR = 8;
export const SUMMARY_WINDOW_MINUTES = 15;

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock in `zone` at `instant` (milliseconds since the epoch). */
function localParts(instant: number, zone: string): LocalParts {
  const out: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) if (p.type !== "literal") out[p.type] = Number(p.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! };
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const p = localParts(instant, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** "YYYY-MM-DD" of a calendar date. */
function ymd(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The first instant of the local calendar day `date` ("YYYY-MM-DD") in
 * `zone`: its midnight, or, where the clocks skip midnight, the moment they
 * jump (the day then starts at 01:00). Of a midnight that happens twice, the
 * first.
 */
export function startOfLocalDay(date: string, zone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // The offsets in force around that midnight: a zone changes its offset at most once within a day.
  const candidates = [offsetAt(wall - 86_400_000, zone), offsetAt(wall, zone), offsetAt(wall + 86_400_000, zone)].map((o) => wall - o);
  const sameDay = candidates.filter((t) => {
    const p = localParts(t, zone);
    return ymd(p.year, p.month, p.day) === date;
  });
  // Each candidate falls on the day (at 00:00, or at the jump's end), or on the evening before in a gap.
  return new Date(Math.min(...(sameDay.length ? sameDay : candidates)));
}

/** The calendar date `days` after "YYYY-MM-DD" (negative: before). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export type SummaryWindow = {
  /** The zone used: the account's, or UTC when it names none this runtime knows. */
  zone: string;
  /** Whether a run at this instant sends the account's summary: its local time is in [08:00, 08:15). */
  due: boolean;
  /** The day summarised: yesterday in the zone, YYYY-MM-DD. */
  day: string;
  /** Its first instant (inclusive) and the next day's first instant (exclusive). */
  start: Date;
  end: Date;
};

/** Whether the summary of an account in `zone` is due at `now`, and the local day it then covers. */
export function summaryWindow(now: Date, accountZone: string | null | undefined): SummaryWindow {
  const zone = isKnownTimeZone(accountZone) ? accountZone : "UTC";
  const p = localParts(now.getTime(), zone);
  const minutes = p.hour * 60 + p.minute;
  const from = SUMMARY_HOUR * 60;
  const today = ymd(p.year, p.month, p.day);
  const day = addDays(today, -1);
  return { zone, due: minutes >= from && minutes < from + SUMMARY_WINDOW_MINUTES, day, start: startOfLocalDay(day, zone), end: startOfLocalDay(today, zone) };
}

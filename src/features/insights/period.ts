import { INSIGHTS_MAX_DAYS } from "./insights.schema";

/**
 * The period of /insights and `GET /api/insights` (issue 26): calendar days
 * of the account's time zone, both ends included. Default: the 30 days
 * ending today; at most INSIGHTS_MAX_DAYS; `previous` is the same number of
 * days just before.
 */
export type Period = { from: string; to: string; days: number; previous: { from: string; to: string } };

const DAY_MS = 86_400_000;

/** Days after `date` (negative: before), as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A real calendar date (2026-02-30 is not). */
export function isCalendarDate(date: string): boolean {
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === date;
}

/** Today in `timeZone`. */
export function localToday(timeZone: string, now: Date): string {
  // en-CA writes YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The period asked for, or the problem with it (a message for a 400). */
export function resolvePeriod(query: { from?: string; to?: string }, today: string): Period | { problem: string } {
  for (const key of ["from", "to"] as const) {
    const value = query[key];
    if (value !== undefined && !isCalendarDate(value)) return { problem: `${key}: ${value} is not a date` };
  }
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -29);
  if (from > to) return { problem: `from (${from}) must be on or before to (${to})` };
  const days = daysBetween(from, to) + 1;
  if (days > INSIGHTS_MAX_DAYS) return { problem: `The period can be at most ${INSIGHTS_MAX_DAYS} days (${from} to ${to} is ${days} days)` };
  return { from, to, days, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

/** Every day of the period, in order. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

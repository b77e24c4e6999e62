import { WEEKDAYS, type Weekday } from "./settings.schema";

/**
 * The instants the "What a caller hears" preview asks about: a weekday and a
 * wall-clock time in the business's time zone, turned into one ISO instant.
 * Pure and correct across daylight-saving changes (no library: Intl only).
 */

const partsCache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", weekday: "short" });
    partsCache.set(timeZone, f);
  }
  return f;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: Weekday };

const SHORT_DAYS: Record<string, Weekday> = { Mon: "mon", Tue: "tue", Wed: "wed", Thu: "thu", Fri: "fri", Sat: "sat", Sun: "sun" };

/** The wall clock in `timeZone` at instant `ms`. */
function wallAt(ms: number, timeZone: string): Wall {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: SHORT_DAYS[parts.weekday!]!,
  };
}

/** The zone's offset from UTC at instant `ms`, in milliseconds (whole seconds). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallAt(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const DAY = 86_400_000;

/**
 * The instant at which the wall clock in `timeZone` reads `date` ("YYYY-MM-DD")
 * `time` ("HH:MM"). Like Temporal's "compatible" disambiguation: a time that
 * happens twice (clocks go back) is the earlier one; a time that does not
 * exist (clocks go forward) is moved forward by the gap (02:30 → 03:30).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) throw new Error(`zonedInstant: expected YYYY-MM-DD and HH:MM, got "${date}" "${time}"`);
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const valid = [wall - before, wall - after].filter((ms) => offsetAt(ms, timeZone) === wall - ms);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In the gap: the offset from before the change, which lands after it.
  return new Date(wall - before);
}

/** "YYYY-MM-DD" of the wall clock in `timeZone` at `at`. */
export function localDate(at: Date, timeZone: string): string {
  const w = wallAt(at.getTime(), timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  // getUTCDay: 0 = Sunday.
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]!;
}

/**
 * The next `weekday` at `time` in `timeZone`, from `now`: today when today is
 * that weekday and the time is still ahead, else the coming one. Answers the
 * local date and the instant.
 */
export function nextWeekdayAt(weekday: Weekday, time: string, timeZone: string, now: Date = new Date()): { date: string; at: Date } {
  const today = localDate(now, timeZone);
  let date = today;
  for (let i = 0; i < 7 && weekdayOf(date) !== weekday; i++) date = addDays(date, 1);
  let at = zonedInstant(date, time, timeZone);
  if (at.getTime() < now.getTime()) {
    date = addDays(date, 7);
    at = zonedInstant(date, time, timeZone);
  }
  return { date, at };
}

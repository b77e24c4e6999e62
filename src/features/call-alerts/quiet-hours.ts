/**
 * Quiet hours (issue 25): "HH:MM" to "HH:MM" in the account's time zone,
 * possibly across midnight (22:00 to 07:00). SMS is held until they end;
 * e-mail is sent anyway.
 */

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

type Wall = { year: number; month: number; day: number; minutes: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `tz` at `at`. */
function wallClock(at: Date, tz: string): Wall {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), minutes: Number(p.hour) * 60 + Number(p.minute) };
}

/** `tz`'s offset from UTC at `at`, in milliseconds (local = UTC + offset). */
function offsetAt(at: number, tz: string): number {
  const w = wallClock(new Date(at), tz);
  const seconds = new Date(at).getUTCSeconds();
  return Date.UTC(w.year, w.month - 1, w.day, 0, w.minutes, seconds) - (at - new Date(at).getUTCMilliseconds());
}

/**
 * The instant the wall clock in `tz` shows `minutes` past midnight on the
 * given date. A time the clocks skip (spring forward) is read with the offset
 * from before the change, so it lands as far after the gap as it was into it
 * (02:30 → 03:30); a time shown twice (fall back) is its first occurrence.
 */
export function zonedInstant(year: number, month: number, day: number, minutes: number, tz: string): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  // The offsets a day either side: the one that maps back onto the wall time wins; the earlier one first.
  const candidates = [offsetAt(wall - 86_400_000, tz), offsetAt(wall + 86_400_000, tz)].sort((a, b) => b - a);
  for (const off of candidates) {
    const at = wall - off;
    if (offsetAt(at, tz) === off) return new Date(at);
  }
  // In a gap: the offset in force before it.
  return new Date(wall - offsetAt(wall - 86_400_000, tz));
}

/**
 * When the quiet hours around `now` end, or null when `now` is outside them.
 * `start` and `end` are "HH:MM" in `tz`; start after end crosses midnight.
 * The end is at or after `now`'s local date, honouring daylight saving time.
 */
export function quietUntil(now: Date, tz: string, start: string, end: string): Date | null {
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (s === e) return null;
  const w = wallClock(now, tz);
  const m = w.minutes;
  const quiet = s < e ? m >= s && m < e : m >= s || m < e;
  if (!quiet) return null;
  // Before midnight in a window across it: the end is tomorrow.
  const tomorrow = s > e && m >= s;
  const date = new Date(Date.UTC(w.year, w.month - 1, w.day + (tomorrow ? 1 : 0)));
  const until = zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), e, tz);
  return until.getTime() > now.getTime() ? until : null;
}

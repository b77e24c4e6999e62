import type { ClosedDay, TimeRange, WeeklyHours } from "./settings.schema";
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from "./weekdays";

/**
 * Business hours (issue 24). A range belongs to the weekday it opens on and is
 * read on the wall clock of the business's time zone. A range whose closing
 * time is before its opening time runs past midnight: Friday 22:00–02:00 is
 * open until 02:00 on Saturday. "24:00" closes at midnight.
 */

type Problem = { path: (string | number)[]; message: string };

const MINUTES_PER_DAY = 24 * 60;

/** "HH:MM" → minutes after midnight (24:00 → 1440), or null when not a time. */
export function clockMinutes(clock: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (Number(m[2]) > 59 || minutes > MINUTES_PER_DAY) return null;
  return minutes;
}

/** The next weekday (Sunday → Monday). */
export function nextWeekday(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % 7];
}

/** A range as minutes: `[open, end)` on its own day and `[0, spill)` on the next day (spill 0 when it closes by midnight). */
type Span = { index: number; open: number; end: number; spill: number; range: TimeRange };

function spanOf(range: TimeRange, index: number): Span | null {
  const open = clockMinutes(range.open);
  const close = clockMinutes(range.close);
  if (open === null || close === null || open === close || open === MINUTES_PER_DAY) return null;
  return close > open ? { index, open, end: close, spill: 0, range } : { index, open, end: MINUTES_PER_DAY, spill: close, range };
}

const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }) => a.from < b.to && b.from < a.to;

/** Problems with the hours and closed days, each with its path under the document ("hours", "mon", 1, "open") and a message. */
export function hoursProblems(hours: WeeklyHours, closedDays: ClosedDay[]): Problem[] {
  const problems: Problem[] = [];
  const spans = {} as Record<Weekday, Span[]>;
  for (const day of WEEKDAYS) {
    const name = WEEKDAY_LABELS[day];
    spans[day] = [];
    (hours[day] ?? []).forEach((range, i) => {
      if (range.open === range.close) {
        problems.push({ path: ["hours", day, i, "close"], message: `${name}'s hours ${i + 1} are empty: opening and closing are the same time` });
        return;
      }
      if (range.open === "24:00") {
        problems.push({ path: ["hours", day, i, "open"], message: `${name}'s hours ${i + 1} cannot open at 24:00: open at 00:00 on ${WEEKDAY_LABELS[nextWeekday(day)]} instead` });
        return;
      }
      const span = spanOf(range, i);
      if (!span) return; // A time the schema refuses on its own.
      const earlier = spans[day].find((s) => overlaps({ from: s.open, to: s.end }, { from: span.open, to: span.end }));
      if (earlier) problems.push({ path: ["hours", day, i, "open"], message: `${name}'s hours ${i + 1} overlap hours ${earlier.index + 1}` });
      else spans[day].push(span);
    });
  }
  // A range running past midnight must not overlap the next day's early ranges.
  for (const day of WEEKDAYS) {
    const next = nextWeekday(day);
    for (const s of spans[day]) {
      if (s.spill === 0) continue;
      const hit = spans[next].find((n) => overlaps({ from: 0, to: s.spill }, { from: n.open, to: n.end }));
      if (hit)
        problems.push({
          path: ["hours", day, s.index, "close"],
          message: `${WEEKDAY_LABELS[day]}'s hours ${s.index + 1} (${s.range.open}–${s.range.close}) run past midnight into ${WEEKDAY_LABELS[next]}'s hours ${hit.index + 1} (${hit.range.open}–${hit.range.close})`,
        });
    }
  }
  const seen = new Map<string, number>();
  closedDays.forEach((c, i) => {
    const first = seen.get(c.date);
    if (first !== undefined) problems.push({ path: ["closedDays", i, "date"], message: `Closed day ${i + 1} repeats ${c.date}, already closed day ${first + 1}` });
    else seen.set(c.date, i);
  });
  return problems;
}

/** Where an instant falls for the business: its local date and time in `timeZone`, and whether it is open. */
export type OpenState = {
  open: boolean;
  /** The local weekday, date (YYYY-MM-DD) and time (HH:MM) in the time zone. */
  weekday: Weekday;
  localDate: string;
  localTime: string;
  /** The closed day (holiday) that applies, if any. */
  closedDay: ClosedDay | null;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formatters.set(timeZone, f);
  }
  return f;
}

const SHORT_WEEKDAYS: Record<string, Weekday> = { Mon: "mon", Tue: "tue", Wed: "wed", Thu: "thu", Fri: "fri", Sat: "sat", Sun: "sun" };

/** The wall clock in `timeZone` at `at` (Intl knows each zone's DST rules). */
export function localClock(timeZone: string, at: Date): { weekday: Weekday; localDate: string; localTime: string; minutes: number } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const hour = parts.hour === "24" ? "00" : parts.hour;
  return {
    weekday: SHORT_WEEKDAYS[parts.weekday],
    localDate: `${parts.year}-${parts.month}-${parts.day}`,
    localTime: `${hour}:${parts.minute}`,
    minutes: Number(hour) * 60 + Number(parts.minute),
  };
}

/** The calendar date before `date` (YYYY-MM-DD). */
function previousDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

function previousWeekday(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7];
}

/**
 * Whether the business is open at `at`: the local weekday, date and time in
 * doc.timeZone, the ranges of that weekday, and the ranges of the day before
 * that run past midnight.
 *
 * Closed days: a closed day closes its whole local date, 00:00 to 24:00. A
 * range that opened the evening before and runs past midnight into a closed
 * day stops at midnight (callers on Christmas Day at 01:00 hear the after-hours
 * text, whatever the night before was). A range that would open on a closed
 * day does not open at all, so its part past midnight into the next date is
 * closed too; `closedDay` then names the closed day of the evening before.
 */
export function openAt(doc: { timeZone: string; hours: WeeklyHours; closedDays: ClosedDay[] }, at: Date): OpenState {
  const local = localClock(doc.timeZone, at);
  const base = { weekday: local.weekday, localDate: local.localDate, localTime: local.localTime };
  const closedToday = doc.closedDays.find((c) => c.date === local.localDate) ?? null;
  if (closedToday) return { ...base, open: false, closedDay: closedToday };

  const spansOf = (day: Weekday) => (doc.hours[day] ?? []).flatMap((r, i) => spanOf(r, i) ?? []);
  if (spansOf(local.weekday).some((s) => s.open <= local.minutes && local.minutes < s.end)) return { ...base, open: true, closedDay: null };

  const inSpill = spansOf(previousWeekday(local.weekday)).some((s) => local.minutes < s.spill);
  if (!inSpill) return { ...base, open: false, closedDay: null };
  const closedYesterday = doc.closedDays.find((c) => c.date === previousDate(local.localDate)) ?? null;
  return { ...base, open: closedYesterday === null, closedDay: closedYesterday };
}

import type { ClosedDay, WeeklyHours, Weekday } from "./settings.schema";

/** CONTRACT (helper "engine" builds it): problems with the hours, each with its path under the document ("hours", "mon", 1) and a message. */
export function hoursProblems(hours: WeeklyHours, closedDays: ClosedDay[]): { path: (string | number)[]; message: string }[] {
  void hours;
  void closedDays;
  return [];
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

/** CONTRACT: whether the business is open at `at` (ranges crossing midnight, DST, closed days). */
export function openAt(doc: { timeZone: string; hours: WeeklyHours; closedDays: ClosedDay[] }, at: Date): OpenState {
  void doc;
  void at;
  throw new Error("openAt: not built yet");
}

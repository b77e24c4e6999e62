import { INSIGHT_OUTCOMES, type InsightOutcome } from "../insights.schema";

/** How each outcome the charts stack reads, and its colour (the same in chart, legend and table). */
export const OUTCOME_LABELS: Record<InsightOutcome, string> = { answered: "Answered", missed: "Missed", voicemail: "Voicemail", transferred: "Transferred", spam: "Spam" };
export const OUTCOME_COLORS: Record<InsightOutcome, string> = { answered: "#059669", missed: "#d97706", voicemail: "#0284c7", transferred: "#7c3aed", spam: "#94a3b8" };
export const OUTCOMES = INSIGHT_OUTCOMES;

export const CHANNEL_LABELS = { phone: "Phone", sms: "SMS", chat: "Web chat", social: "Social" } as const;

/** Weekdays Monday first (0 is Sunday in the contract). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
export const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export const WEEKDAY_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Fri, Nov 27" from a calendar day (YYYY-MM-DD). */
export const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));
/** "Nov 27". */
export const shortDayLabel = (day: string) => shortDay.format(new Date(`${day}T12:00:00Z`));
/** "Nov 27, 2026". */
export const longDayLabel = (day: string) => longDay.format(new Date(`${day}T12:00:00Z`));
/** "09:00" for hour 9. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

const num = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const units = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
export const formatCount = (n: number) => num.format(n);
/** Units at the page's edge: one decimal at most ("12.5"). */
export const formatUnitsShort = (n: number) => units.format(n);

/** "3 min 20 s" from seconds; "—" when there is none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return m === 0 ? `${s} s` : `${m} min ${s % 60} s`;
}

import { INTERACTION_CHANNELS } from "@/db/schema/enums";
import { INSIGHTS_MAX_DAYS, INSIGHTS_PERIODS, type InsightsQuery } from "./insights.schema";

/**
 * What /insights shows, read from its address (issue 26, ADR 0138): the
 * period (7, 30 or 90 days ending today, or custom from/to), the filters, and
 * the owner's two inputs to the revenue estimate. A value the page cannot use
 * falls back to its default; a bad custom period says why.
 */
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];

export type InsightsView = {
  period: InsightsPeriod;
  from: string;
  to: string;
  aiEmployeeId: string | null;
  channel: (typeof INTERACTION_CHANNELS)[number] | null;
  /** Average job value in cents (the owner's input; default DEFAULT_JOB_VALUE_CENTS). */
  jobValueCents: number;
  /** Booking rate in whole percent, 0–100 (the owner's input; default DEFAULT_BOOKING_RATE_PERCENT). */
  bookingRatePercent: number;
  /** Why the custom period was not used (the page shows the default period instead). */
  error: string | null;
};

export const DEFAULT_PERIOD: InsightsPeriod = "30";
export const DEFAULT_JOB_VALUE_CENTS = 15_000;
export const DEFAULT_BOOKING_RATE_PERCENT = 30;
const MAX_JOB_VALUE_DOLLARS = 1_000_000;

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? "";

const DAY_MS = 86_400_000;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** The calendar day `days` after `day` (negative: before); days are YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Today's calendar day in a time zone (YYYY-MM-DD). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The view from the page's search parameters; `aiEmployeeIds` are the account's own (any other id is ignored). */
export function parseInsightsView(params: SearchParams, opts: { today: string; aiEmployeeIds: readonly string[] }): InsightsView {
  const rawPeriod = one(params.period);
  let period: InsightsPeriod = (INSIGHTS_PERIODS as readonly string[]).includes(rawPeriod) ? (rawPeriod as InsightsPeriod) : DEFAULT_PERIOD;
  let error: string | null = null;
  let from = "";
  let to = "";
  if (period === "custom") {
    from = one(params.from);
    to = one(params.to);
    if (!isDay(from) || !isDay(to)) error = "Choose both dates of the custom period.";
    else if (from > to) error = "The custom period's start is after its end.";
    else if (to > opts.today) error = "The custom period cannot end after today.";
    else if (daysBetween(from, to) > INSIGHTS_MAX_DAYS) error = `A custom period is at most ${INSIGHTS_MAX_DAYS} days.`;
    if (error) period = DEFAULT_PERIOD;
  }
  if (period !== "custom") {
    to = opts.today;
    from = addDays(to, -(Number(period) - 1));
  }
  const aiEmployeeId = one(params.aiEmployeeId);
  const channel = one(params.channel);
  const jobValue = Number(one(params.jobValue));
  const bookingRate = Number(one(params.bookingRate));
  return {
    period,
    from,
    to,
    aiEmployeeId: opts.aiEmployeeIds.includes(aiEmployeeId) ? aiEmployeeId : null,
    channel: (INTERACTION_CHANNELS as readonly string[]).includes(channel) ? (channel as InsightsView["channel"]) : null,
    jobValueCents: one(params.jobValue) !== "" && Number.isFinite(jobValue) && jobValue >= 0 && jobValue <= MAX_JOB_VALUE_DOLLARS ? Math.round(jobValue * 100) : DEFAULT_JOB_VALUE_CENTS,
    bookingRatePercent: one(params.bookingRate) !== "" && Number.isFinite(bookingRate) && bookingRate >= 0 && bookingRate <= 100 ? Math.round(bookingRate) : DEFAULT_BOOKING_RATE_PERCENT,
    error,
  };
}

/** The query getInsights answers for this view. */
export function insightsQueryOf(view: InsightsView): InsightsQuery {
  return { from: view.from, to: view.to, ...(view.aiEmployeeId ? { aiEmployeeId: view.aiEmployeeId } : {}), ...(view.channel ? { channel: view.channel } : {}) };
}

/** The view's address, with `change` applied; defaults are left out so addresses stay short. */
export function insightsHref(view: InsightsView, change: Partial<InsightsView> = {}): string {
  const v = { ...view, ...change };
  const q = new URLSearchParams();
  if (v.period !== DEFAULT_PERIOD) q.set("period", v.period);
  if (v.period === "custom") {
    q.set("from", v.from);
    q.set("to", v.to);
  }
  if (v.aiEmployeeId) q.set("aiEmployeeId", v.aiEmployeeId);
  if (v.channel) q.set("channel", v.channel);
  if (v.jobValueCents !== DEFAULT_JOB_VALUE_CENTS) q.set("jobValue", String(v.jobValueCents / 100));
  if (v.bookingRatePercent !== DEFAULT_BOOKING_RATE_PERCENT) q.set("bookingRate", String(v.bookingRatePercent));
  const s = q.toString();
  return s ? `/insights?${s}` : "/insights";
}

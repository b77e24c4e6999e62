import type { InsightsMonth, InsightsResponse } from "./insights.schema";

/**
 * The pure arithmetic behind /insights (issue 26, ADR 0138): change against
 * the period before, the busy hours, the month's projection sentence and the
 * revenue estimate. No database, no formatting of pages: tested on its own.
 */

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A count against the period before: "up 25% from 40", "down 10% from 50", "same as before", "up from 0". */
export function changeVsPrevious(current: number, previous: number): { delta: number; direction: "up" | "down" | "same"; text: string } {
  const delta = current - previous;
  if (delta === 0) return { delta, direction: "same", text: "same as the period before" };
  const direction = delta > 0 ? "up" : "down";
  if (previous === 0) return { delta, direction, text: `up from 0 the period before` };
  const pct = Math.round((Math.abs(delta) / previous) * 100);
  return { delta, direction, text: `${direction} ${pct}% from ${whole.format(previous)} the period before` };
}

export type HeatCell = { weekday: number; hour: number; count: number; answered: number };

/**
 * The busy hours: the weekday × hour cells of the period's heat map in its
 * top quarter. Of the cells with any interaction, sorted by count, the first
 * quarter (at least one) sets the threshold; every cell with at least that
 * count is busy (ties included). An empty heat map has no busy hours.
 */
export function busyCells(heatmap: readonly HeatCell[]): HeatCell[] {
  const active = heatmap.filter((c) => c.count > 0).sort((a, b) => b.count - a.count);
  if (active.length === 0) return [];
  const threshold = active[Math.ceil(active.length / 4) - 1]!.count;
  return active.filter((c) => c.count >= threshold);
}

/** Calls answered during the busy hours: the busy cells' answered counts (ADR 0138). */
export function answeredInBusyHours(insights: Pick<InsightsResponse, "heatmap">): number {
  return busyCells(insights.heatmap).reduce((s, c) => s + c.answered, 0);
}

export type RevenueInputs = {
  answeredAfterHours: number;
  answeredBusyHours: number;
  appointments: number;
  /** Average job value in cents. */
  jobValueCents: number;
  /** Booking rate in percent (0–100): of the calls caught that booked nothing here, how many become a job. */
  bookingRatePercent: number;
};

export type RevenueEstimate = {
  /** Calls answered after hours or during busy hours. */
  callsCaught: number;
  /** Of those, the ones not already counted as an appointment. */
  otherCalls: number;
  /** Appointments + booking rate × other calls (a decimal: an estimate). */
  estimatedJobs: number;
  /** Estimated jobs × average job value, in cents. */
  valueCents: number;
};

/**
 * What the AI employee brought in, as an estimate (ADR 0138):
 *   jobs  = appointments booked + booking rate × max(0, answered after hours + answered in busy hours − appointments booked)
 *   value = jobs × average job value
 * Each appointment counts as one job; the other calls it caught become jobs at
 * the owner's booking rate. Appointments are subtracted so a booked call is
 * not counted twice.
 */
export function revenueEstimate(i: RevenueInputs): RevenueEstimate {
  const callsCaught = i.answeredAfterHours + i.answeredBusyHours;
  const otherCalls = Math.max(0, callsCaught - i.appointments);
  const estimatedJobs = i.appointments + (i.bookingRatePercent / 100) * otherCalls;
  return { callsCaught, otherCalls, estimatedJobs, valueCents: Math.round(estimatedJobs * i.jobValueCents) };
}

/**
 * "At this pace: about 140 of 120 units, about $54 extra" when the month's
 * projection passes its allowance; null otherwise (no limit, or within it).
 * The dollar part only with `showDollars` (billing.read) and a cost to name.
 */
export function projectionSentence(month: InsightsMonth | null, showDollars: boolean): string | null {
  if (!month || month.includedUnits === null || month.projectedUnits <= month.includedUnits) return null;
  const units = `At this pace: about ${whole.format(Math.round(month.projectedUnits))} of ${whole.format(month.includedUnits)} units`;
  if (!showDollars || month.extraCostCents === null || month.extraCostCents <= 0) return units;
  return `${units}, about $${whole.format(Math.round(month.extraCostCents / 100))} extra`;
}

/** The month's units to date, day by day (running total), for the chart and its table. */
export function cumulativeUnits(days: InsightsMonth["days"]): Array<{ date: string; units: number; toDate: number }> {
  let sum = 0;
  return days.map((d) => {
    sum += d.units;
    return { date: d.date, units: d.units, toDate: Math.round(sum * 1000) / 1000 };
  });
}

/** What a subscription of `monthlyCents` a month costs over `days` days (a year of 365 days is 12 months). */
export function costOverDays(monthlyCents: number, days: number): number {
  return Math.round((monthlyCents * 12 * days) / 365);
}

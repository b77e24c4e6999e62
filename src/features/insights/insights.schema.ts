import { z } from "@/lib/zod";
import { INTERACTION_CHANNELS } from "@/db/schema/enums";

/**
 * The contract of `GET /api/insights` and `/insights` (issue 26). Dates are
 * the account's calendar days (YYYY-MM-DD in its time zone), both ends
 * included. Units are decimals, money is integer cents.
 */
export const INSIGHTS_MAX_DAYS = 120;
export const INSIGHTS_PERIODS = ["7", "30", "90", "custom"] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD.");

export const insightsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  aiEmployeeId: z.string().min(1).max(200).optional(),
  channel: z.enum(INTERACTION_CHANNELS).optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/** The outcomes the charts stack (spec: answered, missed, voicemail, transferred, spam). `missed` is no_answer, busy and failed. */
export const INSIGHT_OUTCOMES = ["answered", "missed", "voicemail", "transferred", "spam"] as const;
export type InsightOutcome = (typeof INSIGHT_OUTCOMES)[number];
export type OutcomeCounts = Record<InsightOutcome, number>;

export type InsightsTotals = {
  /** Calls and messages in the period: the count the call log gives for the same filters. */
  interactions: number;
  byOutcome: OutcomeCounts;
  appointments: number;
  /** Answered outside the AI employee's opening hours. */
  answeredAfterHours: number;
  /** Mean length of phone calls with a duration, in seconds (null: none). */
  averageDurationSeconds: number | null;
  /** Transfers grouped by where the call went ("Unknown" when the platform did not say). */
  transfersByDestination: Array<{ destination: string; count: number }>;
};

export type InsightsDay = { date: string; interactions: number; byOutcome: OutcomeCounts; appointments: number; answeredAfterHours: number };

export type InsightsMonth = {
  start: string;
  end: string;
  /** Null: the plan has no limit. */
  includedUnits: number | null;
  unitsUsed: number;
  /** Straight-line projection to the month's end at this month's pace. */
  projectedUnits: number;
  extraUnits: number;
  /** What the projected extra units would cost (the ledger's pricing function); null for a member without billing.read. */
  extraCostCents: number | null;
  /** Units per day of this month so far, for the chart. */
  days: Array<{ date: string; units: number }>;
};

export type InsightsResponse = {
  period: { from: string; to: string; timeZone: string };
  /** The period of the same length just before. */
  previous: { from: string; to: string; totals: InsightsTotals };
  totals: InsightsTotals;
  series: InsightsDay[];
  /** Weekday (0 Sunday … 6 Saturday) × hour (0–23) in the account's time zone: interactions, and of them the ones answered (picked up, transferred or not, as `answeredAfterHours` counts). */
  heatmap: Array<{ weekday: number; hour: number; count: number; answered: number }>;
  /** Null when the account has no subscription. */
  month: InsightsMonth | null;
};

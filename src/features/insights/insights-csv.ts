import type { InsightsResponse } from "./insights.schema";

/** The columns of GET /api/insights/export.csv: the daily series (issue 26). */
export const INSIGHTS_CSV_HEADER = ["Date", "Interactions", "Answered", "Missed", "Voicemail", "Transferred", "Spam", "Appointments booked", "Answered after hours"] as const;

/** One row a day of the period (dates and whole numbers only: nothing to quote). */
export function insightsCsv(insights: Pick<InsightsResponse, "series">): string {
  const lines = [INSIGHTS_CSV_HEADER.join(",")];
  for (const d of insights.series) {
    lines.push([d.date, d.interactions, d.byOutcome.answered, d.byOutcome.missed, d.byOutcome.voicemail, d.byOutcome.transferred, d.byOutcome.spam, d.appointments, d.answeredAfterHours].join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

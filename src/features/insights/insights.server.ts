import "server-only";
import type { InsightsQuery, InsightsResponse } from "./insights.schema";

/**
 * Everything /insights and `GET /api/insights` show for one account
 * (issue 26), read from the daily rollups. GROUNDWORK STUB: the rollups
 * helper implements it; the signature is fixed.
 */
export async function getInsights(accountId: string, query: InsightsQuery, opts: { timeZone: string; now?: Date }): Promise<InsightsResponse> {
  void accountId;
  const zero = { answered: 0, missed: 0, voicemail: 0, transferred: 0, spam: 0 };
  const totals = { interactions: 0, byOutcome: zero, appointments: 0, answeredAfterHours: 0, averageDurationSeconds: null, transfersByDestination: [] };
  const to = query.to ?? (opts.now ?? new Date()).toISOString().slice(0, 10);
  const from = query.from ?? to;
  return { period: { from, to, timeZone: opts.timeZone }, previous: { from, to, totals }, totals, series: [], heatmap: [], month: null };
}

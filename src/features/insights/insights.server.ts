import "server-only";
import { and, eq, gte, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { badRequest } from "@/lib/http/errors";
import { interactionRollups } from "@/db/schema";
import { ownedAiEmployee } from "@/features/ai-settings/settings.server";
import { currentUsageMonth } from "@/features/usage/current-month.server";
import { INSIGHT_OUTCOMES, type InsightOutcome, type InsightsDay, type InsightsMonth, type InsightsQuery, type InsightsResponse, type InsightsTotals, type OutcomeCounts } from "./insights.schema";
import { daysOf, localToday, resolvePeriod } from "./period";

/** How a transfer with no destination is named. */
export const UNKNOWN_DESTINATION = "Unknown";

const zeroOutcomes = (): OutcomeCounts => ({ answered: 0, missed: 0, voicemail: 0, transferred: 0, spam: 0 });

type Sums = { interactions: number; appointments: number; answeredAfterHours: number; timedCalls: number; durationMs: number };
const zeroSums = (): Sums => ({ interactions: 0, appointments: 0, answeredAfterHours: 0, timedCalls: 0, durationMs: 0 });

/**
 * Everything /insights and `GET /api/insights` show for one account
 * (issue 26), read from the insight rollups only (never the interactions;
 * ADR 0137): the period's totals, one entry a day, the weekday × hour heat
 * map, transfers by destination, the same totals for the period before, and
 * the current usage month from the usage ledger. A bad period is a 400;
 * another account's AI employee a 404. `showMoney: false` (a member without
 * billing.read) answers `month.extraCostCents` null.
 */
export async function getInsights(accountId: string, query: InsightsQuery, opts: { timeZone: string; now?: Date; showMoney?: boolean }): Promise<InsightsResponse> {
  const now = opts.now ?? new Date();
  const period = resolvePeriod(query, localToday(opts.timeZone, now));
  if ("problem" in period) throw badRequest(period.problem);
  if (query.aiEmployeeId) await ownedAiEmployee(accountId, query.aiEmployeeId);

  const r = interactionRollups;
  const scope = (from: string, to: string): SQL =>
    and(
      eq(r.accountId, accountId),
      gte(r.day, from),
      lte(r.day, to),
      query.aiEmployeeId ? eq(r.aiReadyOrderId, query.aiEmployeeId) : undefined,
      query.channel ? eq(r.channel, query.channel) : undefined,
    )!;
  const db = await getDb();
  const n = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::float8`.mapWith(Number);
  const [byDay, heat, transfers, month] = await Promise.all([
    db
      .select({
        day: r.day,
        outcome: r.outcome,
        interactions: n(r.interactions),
        appointments: n(r.appointments),
        answeredAfterHours: n(r.answeredAfterHours),
        timedCalls: n(r.timedCalls),
        durationMs: n(r.durationMsSum),
      })
      .from(r)
      .where(scope(period.previous.from, period.to))
      .groupBy(r.day, r.outcome),
    db
      .select({
        weekday: sql<number>`extract(dow from ${r.day})::int`.mapWith(Number),
        hour: r.hour,
        count: n(r.interactions),
        // Answered as after hours counts it: picked up, whether or not then transferred.
        answered: n(sql`case when ${r.outcome} in ('answered', 'transferred') then ${r.interactions} else 0 end`),
      })
      .from(r)
      .where(scope(period.from, period.to))
      .groupBy(sql`1`, r.hour),
    db
      .select({ current: sql<boolean>`${r.day} >= ${period.from}`.mapWith(Boolean), destination: r.transferDestination, count: n(r.interactions) })
      .from(r)
      .where(and(scope(period.previous.from, period.to), eq(r.outcome, "transferred")))
      .groupBy(sql`1`, r.transferDestination),
    usageMonth(accountId, query.aiEmployeeId, now, opts.showMoney ?? true),
  ]);

  const series = new Map<string, InsightsDay>(daysOf(period.from, period.to).map((date) => [date, { date, interactions: 0, byOutcome: zeroOutcomes(), appointments: 0, answeredAfterHours: 0 }]));
  const current = { sums: zeroSums(), byOutcome: zeroOutcomes() };
  const previous = { sums: zeroSums(), byOutcome: zeroOutcomes() };
  for (const row of byDay) {
    const outcome = row.outcome as InsightOutcome;
    const into = row.day >= period.from ? current : previous;
    into.byOutcome[outcome] += row.interactions;
    for (const key of Object.keys(into.sums) as (keyof Sums)[]) into.sums[key] += row[key];
    const day = series.get(row.day);
    if (day) {
      day.interactions += row.interactions;
      day.byOutcome[outcome] += row.interactions;
      day.appointments += row.appointments;
      day.answeredAfterHours += row.answeredAfterHours;
    }
  }
  const destinations = (wanted: boolean) => {
    const counts = new Map<string, number>();
    for (const t of transfers) {
      if (t.current !== wanted || t.count === 0) continue;
      const name = t.destination || UNKNOWN_DESTINATION;
      counts.set(name, (counts.get(name) ?? 0) + t.count);
    }
    return [...counts].map(([destination, count]) => ({ destination, count })).sort((a, b) => b.count - a.count || a.destination.localeCompare(b.destination));
  };
  const heatmap = heat.filter((h) => h.count > 0).map((h) => ({ weekday: h.weekday, hour: h.hour, count: h.count, answered: h.answered }));
  heatmap.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  return {
    period: { from: period.from, to: period.to, timeZone: opts.timeZone },
    previous: { ...period.previous, totals: totalsOf(previous, destinations(false)) },
    totals: totalsOf(current, destinations(true)),
    series: [...series.values()],
    heatmap,
    month,
  };
}

function totalsOf(p: { sums: Sums; byOutcome: OutcomeCounts }, transfersByDestination: InsightsTotals["transfersByDestination"]): InsightsTotals {
  return {
    interactions: INSIGHT_OUTCOMES.reduce((sum, o) => sum + p.byOutcome[o], 0),
    byOutcome: p.byOutcome,
    appointments: p.sums.appointments,
    answeredAfterHours: p.sums.answeredAfterHours,
    averageDurationSeconds: p.sums.timedCalls > 0 ? Math.round(p.sums.durationMs / p.sums.timedCalls / 1000) : null,
    transfersByDestination,
  };
}

const units = (milli: number) => milli / 1000;

/** The usage ledger's current month (usage/current-month.server.ts), units as decimals; null without a subscription. */
async function usageMonth(accountId: string, aiEmployeeId: string | undefined, now: Date, showMoney: boolean): Promise<InsightsMonth | null> {
  const m = await currentUsageMonth(accountId, { aiEmployeeId, now });
  if (!m) return null;
  return {
    start: m.start.toISOString(),
    end: m.end.toISOString(),
    includedUnits: m.includedMilli === null ? null : units(m.includedMilli),
    unitsUsed: units(m.usedMilli),
    projectedUnits: units(m.projectedMilli),
    extraUnits: units(m.projectedExtraMilli),
    extraCostCents: showMoney ? m.projectedCostCents : null,
    days: m.days.map((d) => ({ date: d.date, units: units(d.milli) })),
  };
}

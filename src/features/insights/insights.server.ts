import "server-only";
import { and, eq, gte, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { badRequest } from "@/lib/http/errors";
import { interactionRollups } from "@/db/schema";
import { aiEmployeeNotFound, ownsAiEmployeeSql } from "@/features/ai-settings/settings.server";
import { accountUsage, type CurrentUsageMonth } from "@/features/usage/current-month.server";
import { INSIGHT_OUTCOMES, type InsightOutcome, type InsightsDay, type InsightsMonth, type InsightsQuery, type InsightsResponse, type InsightsTotals, type OutcomeCounts } from "./insights.schema";
import { daysOf, localToday, resolvePeriod, type Period } from "./period";

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
export async function getInsights(accountId: string, query: InsightsQuery, opts: InsightsOptions): Promise<InsightsResponse> {
  return (await readInsights(accountId, query, opts)).insights;
}

export type InsightsOptions = {
  /** The zone of the period's days (the page's: the account's, else the browser's). */
  timeZone: string;
  now?: Date;
  showMoney?: boolean;
  /** The account's stored zone (organization.time_zone) when the caller has it: the usage month's days are in it (else it is read). */
  accountTimeZone?: string;
};

/**
 * getInsights, and the subscription the account's summary shows (for the
 * price /insights names), in two statements beside each other (issue 27):
 * the rollups once, and the usage ledger's month (accountUsage), which also
 * checks an AI employee filter's ownership (404 for another account's).
 */
export async function readInsights(
  accountId: string,
  query: InsightsQuery,
  opts: InsightsOptions,
): Promise<{ insights: InsightsResponse; summarySubscription: { planId: string; billing: "monthly" | "annual" } | null }> {
  const now = opts.now ?? new Date();
  const period = resolvePeriod(query, localToday(opts.timeZone, now));
  if ("problem" in period) throw badRequest(period.problem);
  // The AI employee's ownership (ownedAiEmployee's rule) is checked in the ledger's statement; the rollups are the account's either way.
  const columns = query.aiEmployeeId ? { aiEmployeeOwned: ownsAiEmployeeSql(accountId, query.aiEmployeeId) } : undefined;
  const [{ byDay, heat, transfers }, usage] = await Promise.all([
    readRollups(accountId, query, period),
    accountUsage(accountId, { aiEmployeeId: query.aiEmployeeId, now, accountTimeZone: opts.accountTimeZone, columns }),
  ]);
  if (query.aiEmployeeId && usage.columns.aiEmployeeOwned !== true) throw aiEmployeeNotFound();
  const month = usageMonth(usage.month, opts.showMoney ?? true);

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
  const insights: InsightsResponse = {
    period: { from: period.from, to: period.to, timeZone: opts.timeZone },
    previous: { ...period.previous, totals: totalsOf(previous, destinations(false)) },
    totals: totalsOf(current, destinations(true)),
    series: [...series.values()],
    heatmap,
    month,
  };
  return { insights, summarySubscription: usage.summarySubscription };
}

type RollupSums = { interactions: number; appointments: number; answeredAfterHours: number; timedCalls: number; durationMs: number };
type Rollups = {
  byDay: Array<{ day: string; outcome: string } & RollupSums>;
  heat: Array<{ weekday: number; hour: number; count: number; answered: number }>;
  transfers: Array<{ current: boolean; destination: string | null; count: number }>;
};

/**
 * The period's rollups in ONE statement (issue 27): by day and outcome (this
 * period and the one before), by weekday and hour (this period), and the
 * transfers by destination (both periods), each a json array of the same
 * rows of the account, filtered alike (the account id in each).
 */
async function readRollups(accountId: string, query: InsightsQuery, period: Period): Promise<Rollups> {
  const r = interactionRollups;
  const where = and(
    eq(r.accountId, accountId),
    gte(r.day, period.previous.from),
    lte(r.day, period.to),
    query.aiEmployeeId ? eq(r.aiReadyOrderId, query.aiEmployeeId) : undefined,
    query.channel ? eq(r.channel, query.channel) : undefined,
  )!;
  const n = (column: SQLWrapper) => sql`coalesce(sum(${column}), 0)::float8`;
  const current = sql`${r.day} >= ${period.from}`;
  const rows = (q: SQL) => sql`coalesce((select json_agg(x) from (${q}) x), '[]'::json)`;
  const db = await getDb();
  const result = (await db.execute(sql`
    select
      ${rows(sql`select ${r.day} as day, ${r.outcome} as outcome, ${n(r.interactions)} as interactions, ${n(r.appointments)} as appointments,
        ${n(r.answeredAfterHours)} as "answeredAfterHours", ${n(r.timedCalls)} as "timedCalls", ${n(r.durationMsSum)} as "durationMs"
        from ${r} where ${where} group by 1, 2`)} as "byDay",
      ${rows(sql`select extract(dow from ${r.day})::int as weekday, ${r.hour} as hour, ${n(r.interactions)} as count,
        ${n(sql`case when ${r.outcome} in ('answered', 'transferred') then ${r.interactions} else 0 end`)} as answered
        from ${r} where ${where} and ${current} group by 1, 2`)} as heat,
      ${rows(sql`select ${current} as current, ${r.transferDestination} as destination, ${n(r.interactions)} as count
        from ${r} where ${where} and ${r.outcome} = 'transferred' group by 1, 2`)} as transfers
  `)) as unknown as { rows: Rollups[] };
  return result.rows[0]!;
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
function usageMonth(m: CurrentUsageMonth | null, showMoney: boolean): InsightsMonth | null {
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

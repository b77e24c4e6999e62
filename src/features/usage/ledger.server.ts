import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { interactions, subscriptions, usageRecords } from "@/db/schema";
import { recordedMilli } from "@/features/plans/units";
import { usageAnchor, usageMonth } from "./usage-month";
import { usageRecordTime } from "./provider-window";

/**
 * The usage ledger (issue 26, ADR 0133): the ONE place a usage month is
 * summed. A month of a subscription counts
 * - its interactions' units (plans/units.ts `unitsFor`), except records
 *   credited as spam (count 0) and records with a billing note (before the
 *   service, or late for a closed month: they have no usage month and count
 *   nowhere);
 * - usage an admin recorded (usage_records): 1 unit per phone session, half a
 *   unit per text session, in the usage month holding the record's time (its
 *   creation clamped into its billing cycle, as its meter events are dated).
 * Every view reads it: the dashboard summary, the monthly CSV, usage alerts,
 * the spend limit, the admin's cycle units, auto-billing, /insights' month (accountUsage).
 * The meter report sends only the interactions' part (`meterUnitsSql`): admin
 * records go to the provider by their own job (usage.server.ts).
 */

/** The subscription a month belongs to, as pricing (and the dashboard's choice of subscription) needs it. */
export type LedgerSubscription = {
  id: string;
  accountId: string;
  status: string;
  planId: string;
  billing: "monthly" | "annual";
  trialEnd: Date | null;
  createdAt: Date;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export type LedgerMonth = {
  subscription: LedgerSubscription;
  start: Date;
  end: Date;
  /** Thousandths by channel, admin-recorded usage included. */
  phoneMilli: number;
  textMilli: number;
  /** Of which recorded by an admin. */
  recorded: { phoneMilli: number; textMilli: number };
  /** Calls and conversations the AI employee handled (spam-credited ones included: they happened). */
  calls: number;
  conversations: number;
};

/** Whose months: an account's subscriptions (optionally one of them), or subscriptions by id (jobs). */
export type LedgerScope = { accountId: string; subscriptionId?: string } | { subscriptionIds: string[] };

/**
 * Which months: those starting in [from, to), the ones starting at `months`,
 * or each subscription's month holding `at` (a time, or an SQL expression
 * such as the provider's clock, read in the same statement).
 */
export type LedgerRange = { from?: Date; to?: Date } | { months: Date[] } | { at: Date | SQL };

/** A record's units as the ledger counts them: 0 once credited as spam, nothing with a billing note. */
const i = interactions;
const counted = sql`${i.spamReportedAt} is null and ${i.billingNote} is null`;
const countedMilli = (where: SQL) => sql<string>`coalesce(sum(${i.unitsMilli}) filter (where ${counted} and ${where}), 0)::text`;
/** Longer than any usage month: the reach of an `at` range's first filter (the exact month is chosen per subscription). */
const MONTH_REACH_DAYS = 32;

type Raw = {
  now: string | Date;
  subs: Array<Omit<LedgerSubscription, "trialEnd" | "createdAt" | "currentPeriodEnd"> & { trialEnd: string | null; createdAt: string; currentPeriodEnd: string | null }>;
  months: Array<{ subscriptionId: string; start: string; phone: string; text: string; calls: number; conversations: number }>;
  records: Array<{ subscriptionId: string; periodStart: string; periodEnd: string; createdAt: string; phone: number; text: number }>;
  /** With `extra.dayZone`: the counted thousandths by (subscription, month, local day of the record's start). */
  days?: Array<{ subscriptionId: string; start: string; date: string; milli: string }>;
} & Record<string, unknown>;

/**
 * More to read in the ledger's one statement: `dayZone` adds the months'
 * units by local day (usageDays); `columns` adds named scalar SQL
 * expressions, which may use the `clock` and `subs` of the statement.
 */
export type LedgerExtra = { dayZone?: string; columns?: Record<string, SQL> };

/** The scope's subscriptions, its months and the admin's records (and `extra`), in one statement. */
async function readRaw(scope: LedgerScope, range: LedgerRange, extra: LedgerExtra = {}): Promise<Raw> {
  const db = await getDb();
  const subsWhere =
    "subscriptionIds" in scope
      ? scope.subscriptionIds.length
        ? sql`${subscriptions.id} in (${sql.join(
            scope.subscriptionIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`
      : scope.subscriptionId
        ? sql`${subscriptions.accountId} = ${scope.accountId} and ${subscriptions.id} = ${scope.subscriptionId}`
        : sql`${subscriptions.accountId} = ${scope.accountId}`;
  const now = "at" in range ? (range.at instanceof Date ? sql`${range.at.toISOString()}::timestamptz` : range.at) : sql`now()`;
  const monthWhere =
    "months" in range
      ? range.months.length
        ? sql`${i.usageMonthStart} in (${sql.join(
            range.months.map((m) => sql`${m.toISOString()}::timestamptz`),
            sql`, `,
          )})`
        : sql`false`
      : "at" in range
        ? sql`${i.usageMonthStart} > clock.now - ${MONTH_REACH_DAYS} * interval '1 day' and ${i.usageMonthStart} <= clock.now`
        : sql`${i.usageMonthStart} is not null${range.from ? sql` and ${i.usageMonthStart} >= ${range.from.toISOString()}::timestamptz` : sql``}${range.to ? sql` and ${i.usageMonthStart} < ${range.to.toISOString()}::timestamptz` : sql``}`;
  const result = (await db.execute(sql`
    with clock as (select ${now} as now),
    subs as (
      select id, account_id, status, plan_id, billing, trial_end, created_at, current_period_end, cancel_at_period_end
      from ${subscriptions} where ${subsWhere}
    )
    select
      (select now from clock) as now,
      coalesce((select json_agg(json_build_object(
        'id', id, 'accountId', account_id, 'status', status, 'planId', plan_id, 'billing', billing, 'trialEnd', trial_end,
        'createdAt', created_at, 'currentPeriodEnd', current_period_end, 'cancelAtPeriodEnd', cancel_at_period_end
      ) order by created_at desc) from subs), '[]'::json) as subs,
      coalesce((select json_agg(m) from (
        select ${i.subscriptionId} as "subscriptionId", ${i.usageMonthStart} as start,
          ${countedMilli(sql`${i.channel} = 'phone'`)} as phone,
          ${countedMilli(sql`${i.channel} <> 'phone'`)} as text,
          (count(*) filter (where ${i.channel} = 'phone'))::int as calls,
          (count(*) filter (where ${i.channel} <> 'phone'))::int as conversations
        from ${i}, clock
        where ${i.subscriptionId} in (select id from subs) and ${i.billingNote} is null and ${monthWhere}
        group by 1, 2) m), '[]'::json) as months,
      coalesce((select json_agg(json_build_object(
        'subscriptionId', u.subscription_id, 'periodStart', u.period_start, 'periodEnd', u.period_end, 'createdAt', u.created_at,
        'phone', u.phone_inbound + u.phone_outbound, 'text', u.text_inbound + u.text_outbound
      )) from ${usageRecords} u where u.subscription_id in (select id from subs)), '[]'::json) as records${
        extra.dayZone === undefined
          ? sql``
          : sql`,
      coalesce((select json_agg(d) from (
        select ${i.subscriptionId} as "subscriptionId", ${i.usageMonthStart} as start,
          to_char(${i.startedAt} at time zone ${extra.dayZone}, 'YYYY-MM-DD') as date, ${countedMilli(sql`true`)} as milli
        from ${i}, clock
        where ${i.subscriptionId} in (select id from subs) and ${i.billingNote} is null and ${monthWhere}
        -- By position: the zone is a parameter, and PostgreSQL cannot tell that a repeated one is the same expression.
        group by 1, 2, 3) d), '[]'::json) as days`
      }${sql.join(
        Object.entries(extra.columns ?? {}).map(([name, value]) => sql`, (${value}) as ${sql.identifier(name)}`),
        sql``,
      )}
  `)) as unknown as { rows: Raw[] };
  return result.rows[0]!;
}

const toDate = (v: string | null): Date | null => (v === null ? null : new Date(v));

/**
 * The ledger of a scope in ONE statement: the provider's (or the given) now,
 * the scope's subscriptions (newest first), and their usage months, newest
 * first: thousandths by channel (admin-recorded usage included), calls and
 * conversations. The interactions are grouped by (subscription, month) in
 * SQL; the admin's few records are placed in their months here.
 */
export async function readLedger(scope: LedgerScope, range: LedgerRange = {}, extra: LedgerExtra = {}): Promise<Ledger> {
  const raw = await readRaw(scope, range, extra);
  const now = new Date(raw.now);
  const subs: LedgerSubscription[] = raw.subs.map((s) => ({
    ...s,
    trialEnd: toDate(s.trialEnd),
    createdAt: new Date(s.createdAt),
    currentPeriodEnd: toDate(s.currentPeriodEnd),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd === true,
  }));
  const byId = new Map(subs.map((s) => [s.id, s]));
  const keep = monthFilter(subs, "at" in range ? { at: now } : range);
  const months = new Map<string, LedgerMonth>();
  const monthOf = (sub: LedgerSubscription, start: Date): LedgerMonth => {
    const key = `${sub.id}|${start.getTime()}`;
    let m = months.get(key);
    if (!m) {
      m = emptyMonth(sub, start);
      months.set(key, m);
    }
    return m;
  };
  for (const r of raw.months) {
    const sub = byId.get(r.subscriptionId)!;
    const start = new Date(r.start);
    if (!keep(sub, start)) continue;
    const m = monthOf(sub, start);
    m.phoneMilli += Number(r.phone);
    m.textMilli += Number(r.text);
    m.calls += Number(r.calls);
    m.conversations += Number(r.conversations);
  }
  for (const r of recordedUsage(raw.records)) {
    const sub = byId.get(r.subscriptionId)!;
    const start = usageMonth(usageAnchor(sub), r.at).start;
    if (!keep(sub, start)) continue;
    const m = monthOf(sub, start);
    m.phoneMilli += r.phoneMilli;
    m.textMilli += r.textMilli;
    m.recorded.phoneMilli += r.phoneMilli;
    m.recorded.textMilli += r.textMilli;
  }
  const sorted = [...months.values()].sort((a, b) => b.start.getTime() - a.start.getTime() || a.subscription.id.localeCompare(b.subscription.id));
  const days =
    extra.dayZone === undefined
      ? null
      : {
          timeZone: extra.dayZone,
          rows: (raw.days ?? []).map((d) => ({ subscriptionId: d.subscriptionId, start: new Date(d.start).getTime(), date: d.date, milli: Number(d.milli) })),
          recorded: recordedUsage(raw.records),
        };
  const columns = Object.fromEntries(Object.keys(extra.columns ?? {}).map((name) => [name, raw[name]]));
  return { now, subscriptions: subs, months: sorted, days, columns };
}

/** The usage months of a scope, newest first (readLedger's months). */
export async function usageMonths(scope: LedgerScope, range: LedgerRange = {}): Promise<LedgerMonth[]> {
  return (await readLedger(scope, range)).months;
}

/** What readLedger answers; `days` and `columns` only as `extra` asked. */
export type Ledger = {
  now: Date;
  subscriptions: LedgerSubscription[];
  months: LedgerMonth[];
  /** With `extra.dayZone`: the counted units of every month read, by local day, and the admin's records (usageDays). */
  days: LedgerDays | null;
  /** `extra.columns`' values as the database answered them. */
  columns: Record<string, unknown>;
};

type LedgerDays = {
  timeZone: string;
  rows: Array<{ subscriptionId: string; start: number; date: string; milli: number }>;
  recorded: ReturnType<typeof recordedUsage>;
};

/** A subscription's month holding `at` in a ledger read with an `at` range (an empty month when nothing was used). */
export function monthAt(ledger: { months: LedgerMonth[] }, sub: LedgerSubscription, at: Date): LedgerMonth {
  const { start } = usageMonth(usageAnchor(sub), at);
  return ledger.months.find((m) => m.subscription.id === sub.id && m.start.getTime() === start.getTime()) ?? emptyMonth(sub, start);
}

/** One subscription's month holding `at` (an empty month when nothing was used); null without the subscription. */
export async function usageMonthAt(subscriptionId: string, at: Date): Promise<LedgerMonth | null> {
  const ledger = await readLedger({ subscriptionIds: [subscriptionId] }, { at });
  const sub = ledger.subscriptions[0];
  return sub ? monthAt(ledger, sub, at) : null;
}

function emptyMonth(sub: LedgerSubscription, start: Date): LedgerMonth {
  const { end } = usageMonth(usageAnchor(sub), start);
  return { subscription: sub, start, end, phoneMilli: 0, textMilli: 0, recorded: { phoneMilli: 0, textMilli: 0 }, calls: 0, conversations: 0 };
}

/** Every thousandth of the month: both channels. */
export function usedMilli(m: Pick<LedgerMonth, "phoneMilli" | "textMilli">): number {
  return m.phoneMilli + m.textMilli;
}

function monthFilter(subs: LedgerSubscription[], range: { from?: Date; to?: Date } | { months: Date[] } | { at: Date }): (sub: LedgerSubscription, start: Date) => boolean {
  if ("months" in range) {
    const set = new Set(range.months.map((d) => d.getTime()));
    return (_s, start) => set.has(start.getTime());
  }
  if ("at" in range) {
    const startOf = new Map(subs.map((s) => [s.id, usageMonth(usageAnchor(s), range.at).start.getTime()]));
    return (s, start) => startOf.get(s.id) === start.getTime();
  }
  const from = range.from?.getTime() ?? -Infinity;
  const to = range.to?.getTime() ?? Infinity;
  return (_s, start) => start.getTime() >= from && start.getTime() < to;
}

/** The admin's records, each at its time (usageRecordTime) in thousandths. */
function recordedUsage(rows: Raw["records"]): Array<{ subscriptionId: string; at: Date; phoneMilli: number; textMilli: number }> {
  return rows.map((r) => {
    const milli = recordedMilli({ phone: Number(r.phone), text: Number(r.text) });
    return {
      subscriptionId: r.subscriptionId,
      at: usageRecordTime({ createdAt: new Date(r.createdAt), periodStart: new Date(r.periodStart), periodEnd: new Date(r.periodEnd) }),
      phoneMilli: milli.phone,
      textMilli: milli.text,
    };
  });
}

/**
 * Units per day of one month so far, in the zone the ledger was read with
 * (`extra.dayZone`, the account's), by the record's start (an admin record:
 * its time), every day from the month's first to `now`'s (or the month's
 * last), empty days 0. From the same statement as the month (readLedger).
 */
export function usageDays(days: LedgerDays, month: Pick<LedgerMonth, "subscription" | "start" | "end">, now: Date): Array<{ date: string; milli: number }> {
  const { timeZone } = days;
  const byDate = new Map<string, number>();
  for (const r of days.rows) if (r.subscriptionId === month.subscription.id && r.start === month.start.getTime()) byDate.set(r.date, (byDate.get(r.date) ?? 0) + r.milli);
  const dateIn = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
  for (const r of days.recorded) {
    if (r.subscriptionId !== month.subscription.id || r.at < month.start || r.at >= month.end) continue;
    const date = dateIn(r.at);
    byDate.set(date, (byDate.get(date) ?? 0) + r.phoneMilli + r.textMilli);
  }
  const last = dateIn(new Date(Math.min(now.getTime(), month.end.getTime() - 1)));
  const out: Array<{ date: string; milli: number }> = [];
  for (let date = dateIn(month.start); date <= last; date = nextDate(date)) out.push({ date, milli: byDate.get(date) ?? 0 });
  // A record dated before the month's first local day (none should be) is still counted, on that first day.
  for (const [date, milli] of byDate) if (out.length && date < out[0]!.date) out[0]!.milli += milli;
  return out;
}

function nextDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The meter report's target (meter-report.server.ts): the whole units of one
 * (subscription, usage month, meter) from the interactions, counted as the
 * ledger counts them. Admin records are not in it: their own job reports
 * them (usage.server.ts). An SQL expression, so the report claims the row and
 * reads the total in one statement.
 */
export function meterUnitsSql(key: { subscriptionId: string; usageMonthStart: Date; category: string }): SQL<number> {
  const category = sql`(case when ${i.channel} = 'phone' then 'phone_' else 'text_' end) || ${i.direction}::text`;
  return sql<number>`(select (${countedMilli(sql`true`)}::bigint / 1000)::integer from ${i}
    where ${i.subscriptionId} = ${key.subscriptionId} and ${i.usageMonthStart} = ${key.usageMonthStart.toISOString()}::timestamptz
    and ${category} = ${key.category})`;
}

import "server-only";
import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
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
 * the spend limit, the admin's cycle units, auto-billing, currentUsageMonth.
 * The meter report sends only the interactions' part (`meterUnitsSql`): admin
 * records go to the provider by their own job (usage.server.ts).
 */

/** The subscription a month belongs to, as pricing needs it. */
export type LedgerSubscription = { id: string; accountId: string; planId: string; billing: "monthly" | "annual"; trialEnd: Date | null; createdAt: Date };

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

/** Which months: those starting in [from, to), the ones starting at `months`, or each subscription's month holding `at`. */
export type LedgerRange = { from?: Date; to?: Date } | { months: Date[] } | { at: Date };

/** A record's units as the ledger counts them: 0 once credited as spam, nothing with a billing note. */
const i = interactions;
const counted = sql`${i.spamReportedAt} is null and ${i.billingNote} is null`;
const countedMilli = (where: SQL) => sql<string>`coalesce(sum(${i.unitsMilli}) filter (where ${counted} and ${where}), 0)::text`;

function monthKey(subscriptionId: string, start: Date): string {
  return `${subscriptionId}|${start.getTime()}`;
}

async function scopeSubscriptions(scope: LedgerScope): Promise<LedgerSubscription[]> {
  const db = await getDb();
  const where =
    "subscriptionIds" in scope
      ? scope.subscriptionIds.length
        ? inArray(subscriptions.id, scope.subscriptionIds)
        : undefined
      : and(eq(subscriptions.accountId, scope.accountId), scope.subscriptionId ? eq(subscriptions.id, scope.subscriptionId) : undefined);
  if (!where) return [];
  return db
    .select({ id: subscriptions.id, accountId: subscriptions.accountId, planId: subscriptions.planId, billing: subscriptions.billing, trialEnd: subscriptions.trialEnd, createdAt: subscriptions.createdAt })
    .from(subscriptions)
    .where(where)
    .orderBy(asc(subscriptions.createdAt));
}

/**
 * The usage months of a scope, newest first, each with its subscription:
 * thousandths by channel (admin-recorded usage included), calls and
 * conversations. Two reads: the interactions grouped by (subscription, month)
 * in SQL, and the few admin records placed in their months here.
 */
export async function usageMonths(scope: LedgerScope, range: LedgerRange = {}): Promise<LedgerMonth[]> {
  const subs = await scopeSubscriptions(scope);
  if (subs.length === 0) return [];
  const byId = new Map(subs.map((s) => [s.id, s]));
  const wanted = monthFilter(subs, range);
  const db = await getDb();
  const monthStarts = wanted.starts;
  const rows = await db
    .select({
      subscriptionId: i.subscriptionId,
      start: i.usageMonthStart,
      phone: countedMilli(sql`${i.channel} = 'phone'`),
      text: countedMilli(sql`${i.channel} <> 'phone'`),
      calls: sql<number>`(count(*) filter (where ${i.channel} = 'phone'))::int`,
      conversations: sql<number>`(count(*) filter (where ${i.channel} <> 'phone'))::int`,
    })
    .from(i)
    .where(
      and(
        inArray(i.subscriptionId, [...byId.keys()]),
        isNull(i.billingNote),
        wanted.from ? gte(i.usageMonthStart, wanted.from) : sql`${i.usageMonthStart} is not null`,
        wanted.to ? lt(i.usageMonthStart, wanted.to) : undefined,
        monthStarts ? inArray(i.usageMonthStart, monthStarts) : undefined,
      ),
    )
    .groupBy(i.subscriptionId, i.usageMonthStart);
  const months = new Map<string, LedgerMonth>();
  const monthOf = (sub: LedgerSubscription, start: Date): LedgerMonth => {
    const key = monthKey(sub.id, start);
    let m = months.get(key);
    if (!m) {
      const { end } = usageMonth(usageAnchor(sub), start);
      m = { subscription: sub, start, end, phoneMilli: 0, textMilli: 0, recorded: { phoneMilli: 0, textMilli: 0 }, calls: 0, conversations: 0 };
      months.set(key, m);
    }
    return m;
  };
  for (const r of rows) {
    const sub = byId.get(r.subscriptionId!)!;
    if (!wanted.keep(sub, r.start!)) continue;
    const m = monthOf(sub, r.start!);
    m.phoneMilli += Number(r.phone);
    m.textMilli += Number(r.text);
    m.calls += Number(r.calls);
    m.conversations += Number(r.conversations);
  }
  for (const r of await recordedUsage(db, [...byId.keys()])) {
    const sub = byId.get(r.subscriptionId)!;
    const start = usageMonth(usageAnchor(sub), r.at).start;
    if (!wanted.keep(sub, start)) continue;
    const m = monthOf(sub, start);
    m.phoneMilli += r.phoneMilli;
    m.textMilli += r.textMilli;
    m.recorded.phoneMilli += r.phoneMilli;
    m.recorded.textMilli += r.textMilli;
  }
  return [...months.values()].sort((a, b) => b.start.getTime() - a.start.getTime() || a.subscription.id.localeCompare(b.subscription.id));
}

/** One subscription's month holding `at` (an empty month when nothing was used). */
export async function usageMonthAt(subscriptionId: string, at: Date): Promise<LedgerMonth | null> {
  const subs = await scopeSubscriptions({ subscriptionIds: [subscriptionId] });
  const sub = subs[0];
  if (!sub) return null;
  const [month] = await usageMonths({ subscriptionIds: [subscriptionId] }, { at });
  if (month) return month;
  const { start, end } = usageMonth(usageAnchor(sub), at);
  return { subscription: sub, start, end, phoneMilli: 0, textMilli: 0, recorded: { phoneMilli: 0, textMilli: 0 }, calls: 0, conversations: 0 };
}

/** Every thousandth of the month: both channels. */
export function usedMilli(m: Pick<LedgerMonth, "phoneMilli" | "textMilli">): number {
  return m.phoneMilli + m.textMilli;
}

function monthFilter(subs: LedgerSubscription[], range: LedgerRange): { from?: Date; to?: Date; starts?: Date[]; keep: (sub: LedgerSubscription, start: Date) => boolean } {
  if ("months" in range) {
    const set = new Set(range.months.map((d) => d.getTime()));
    return { starts: range.months.length ? range.months : [new Date(0)], keep: (_s, start) => set.has(start.getTime()) };
  }
  if ("at" in range) {
    const startOf = new Map(subs.map((s) => [s.id, usageMonth(usageAnchor(s), range.at).start.getTime()]));
    const starts = [...new Set(startOf.values())].map((t) => new Date(t));
    return { starts, keep: (s, start) => startOf.get(s.id) === start.getTime() };
  }
  const from = range.from?.getTime() ?? -Infinity;
  const to = range.to?.getTime() ?? Infinity;
  return { from: range.from, to: range.to, keep: (_s, start) => start.getTime() >= from && start.getTime() < to };
}

/** The admin's records of these subscriptions, each at its time (usageRecordTime) in thousandths. */
async function recordedUsage(db: DbOrTx, subscriptionIds: string[]): Promise<Array<{ subscriptionId: string; at: Date; phoneMilli: number; textMilli: number }>> {
  const rows = await db
    .select({
      subscriptionId: usageRecords.subscriptionId,
      periodStart: usageRecords.periodStart,
      periodEnd: usageRecords.periodEnd,
      createdAt: usageRecords.createdAt,
      phone: sql<number>`(${usageRecords.phoneInbound} + ${usageRecords.phoneOutbound})::int`,
      text: sql<number>`(${usageRecords.textInbound} + ${usageRecords.textOutbound})::int`,
    })
    .from(usageRecords)
    .where(inArray(usageRecords.subscriptionId, subscriptionIds));
  return rows.map((r) => {
    const milli = recordedMilli({ phone: Number(r.phone), text: Number(r.text) });
    return { subscriptionId: r.subscriptionId, at: usageRecordTime(r), phoneMilli: milli.phone, textMilli: milli.text };
  });
}

/**
 * Units per day of one month so far, in `timeZone` (the account's), by the
 * record's start (an admin record: its time), every day from the month's
 * first to `now`'s (or the month's last), empty days 0.
 */
export async function usageDays(month: Pick<LedgerMonth, "subscription" | "start" | "end">, timeZone: string, now: Date): Promise<Array<{ date: string; milli: number }>> {
  const db = await getDb();
  const day = sql<string>`to_char(${i.startedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, milli: countedMilli(sql`true`) })
    .from(i)
    .where(and(eq(i.subscriptionId, month.subscription.id), eq(i.usageMonthStart, month.start), isNull(i.billingNote)))
    .groupBy(day);
  const byDate = new Map(rows.map((r) => [r.date, Number(r.milli)]));
  const dateIn = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
  for (const r of await recordedUsage(db, [month.subscription.id])) {
    if (r.at < month.start || r.at >= month.end) continue;
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

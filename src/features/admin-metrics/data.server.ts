import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { interactions, invoices, organization, overageEntries, subscriptions, usageRecords } from "@/db/schema";
import { LIVE_STATUSES, PAYING_STATUSES } from "@/features/billing/subscription-state";
import { findPlan, PLANS } from "@/features/plans/catalogue";
import { usageAnchor, usageMonth } from "@/features/usage/usage-month";
import { adminListHref } from "@/features/admin-accounts/account-ref";
import { lastMonths, snapshotAt } from "./months";
import { mrrMovements, type SubscriptionMrrSeries } from "./mrr-movements";
import { trialConversion, type TrialOutcome } from "./trial-conversion";
import { churn } from "./churn";
import { closestToAllowance, unitsByPlan, type MonthUsage } from "./allowance";
import { buildFigures, type AdminMetrics, type Figure, type MonthAmountRow, type PlanCountRow } from "./figures";
import { recoveredPayments, type FailedMonthRow } from "./payments";

/**
 * The data of /admin/metrics and its CSVs (ADR 0139), read from our mirror of
 * the provider (subscriptions, invoices) and our own overage entries and
 * units; never a call to the provider. Every figure is aggregated in SQL: the
 * per-subscription MRR comes back as one row per subscription with a charged
 * invoice, the units as one row per live subscription, each read through
 * interactions_subscription_month_idx for its current usage month only.
 * Three statements in all (issue 27): the MRR series (the slowest, about half
 * a second on a year of 10,000 subscriptions' invoices) runs beside one
 * statement holding every other figure, which is followed by the units of
 * the live subscriptions it returned; the page waits for the slower branch.
 */
export const MONTHS = 12;
const CHURN_DAYS = 30;
const DAY_MS = 86_400_000;
/** Live statuses that do not pay yet: the trial. */
const TRIAL_STATUSES = LIVE_STATUSES.filter((s) => !(PAYING_STATUSES as readonly string[]).includes(s));

type Rows<T> = { rows: T[] } | T[];
async function query<T>(q: SQL): Promise<T[]> {
  const db = await getDb();
  const result = (await db.execute(q)) as unknown as Rows<T>;
  return Array.isArray(result) ? result : result.rows;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/(["\\])/g, "\\$1")}"`).join(",")}}`;
const monthKey = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

export async function adminMetrics(opts: { now?: Date } = {}): Promise<AdminMetrics> {
  const now = opts.now ?? new Date();
  const months = lastMonths(now, MONTHS + 1);
  const reported = months.slice(1);
  const from = reported[0]!.start;
  // Snapshots: the end of each month (the baseline month first), then 30 days ago for churn.
  const snapshots = [...months.map((m) => snapshotAt(m, now)), new Date(now.getTime() - CHURN_DAYS * DAY_MS)];
  const [mrrRows, read] = await Promise.all([readMrr(snapshots), readFigureRows(from, now).then(async (rows) => ({ ...rows, usages: await currentMonthUsages(rows.live, now) }))]);
  const { plans: planRows, trials: trialRows, overage, failed, recovered, usages } = read;

  const series: SubscriptionMrrSeries[] = mrrRows.map((r) => ({ mrr: r.mrr.slice(0, months.length), paidBefore: r.paidBefore }));
  const mrr = mrrMovements(
    reported.map((m) => m.key),
    series,
  );
  const mrrNowByPlan = new Map<string, number>();
  const accounts = new Map<string, { accountId: string; startCents: number; endCents: number }>();
  for (const r of mrrRows) {
    const planId = findPlan(r.planId)?.id ?? r.planId;
    mrrNowByPlan.set(planId, (mrrNowByPlan.get(planId) ?? 0) + r.mrr[months.length - 1]!);
    const a = accounts.get(r.accountId) ?? { accountId: r.accountId, startCents: 0, endCents: 0 };
    a.startCents += r.mrr[months.length]!;
    a.endCents += r.mrr[months.length - 1]!;
    accounts.set(r.accountId, a);
  }
  const byPlan: PlanCountRow[] = PLANS.map((p) => ({ planId: p.id, plan: p.name, paying: 0, trialing: 0, mrrCents: mrrNowByPlan.get(p.id) ?? 0 }));
  for (const r of planRows) {
    const plan = findPlan(r.planId);
    let row = byPlan.find((b) => b.planId === (plan?.id ?? r.planId));
    if (!row) byPlan.push((row = { planId: r.planId, plan: r.planId, paying: 0, trialing: 0, mrrCents: mrrNowByPlan.get(r.planId) ?? 0 }));
    row.paying += r.paying;
    row.trialing += r.trialing;
  }

  return {
    generatedAt: now,
    mrr,
    byPlan,
    trials: trialConversion(
      reported.map((m) => m.key),
      trialRows,
    ),
    churn: { ...churn([...accounts.values()]), from: snapshots[months.length]!, to: now },
    overage: fillMonths(
      reported.map((m) => m.key),
      overage,
    ),
    failedPayments: fillMonths(
      reported.map((m) => m.key),
      failed.map((r) => ({ month: r.month, count: r.count, cents: r.cents })),
    ),
    recoveredPayments: recoveredPayments(
      reported.map((m) => m.key),
      failed,
      recovered,
    ),
    unitsByPlan: unitsByPlan(usages),
    closest: closestToAllowance(usages, 20),
  };
}

/** Every figure of the page, built from one read of the data. */
export async function adminMetricFigures(opts: { now?: Date } = {}): Promise<Figure[]> {
  return buildFigures(await adminMetrics(opts), (accountId) => adminListHref("subscriptions", accountId));
}

type MrrRow = { subscriptionId: string; accountId: string; planId: string; mrr: number[]; paidBefore: boolean };
type PlanRow = { planId: string; paying: number; trialing: number };
type LiveSubscription = { id: string; accountId: string; accountName: string; planId: string; billing: "monthly" | "annual"; trialEnd: Date | null; createdAt: Date };

/** Each subscription's MRR at every snapshot (mrrSeries), in a statement of its own. */
async function readMrr(snapshots: Date[]): Promise<MrrRow[]> {
  const rows = await query<{ subscription_id: string; account_id: string; plan_id: string; points: Array<[number, number]> | null; paid_before: boolean }>(mrrSeries(snapshots));
  return rows.map((m) => {
    const mrr = snapshots.map(() => 0);
    for (const [idx, cents] of m.points ?? []) mrr[idx] = (mrr[idx] ?? 0) + Number(cents);
    return { subscriptionId: m.subscription_id, accountId: m.account_id, planId: m.plan_id, mrr, paidBefore: m.paid_before };
  });
}

/** One query's rows as a json array: a column of the statement that reads every other figure. */
const jsonRows = (q: SQL) => sql`(select coalesce(json_agg(t), '[]'::json) from (${q}) t)`;

/**
 * Every figure's rows but the MRR series and the units, in one statement (issue 27: the page
 * sent one per figure): each column one aggregate query's rows as a json
 * array. Through json an int or a bigint is a number and a timestamp an ISO
 * string on PGlite and node-postgres alike; each row is parsed back into the
 * types below all the same.
 */
async function readFigureRows(from: Date, now: Date) {
  const since = from.toISOString();
  const [row] = await query<{
    plans: Array<{ plan_id: string; paying: number; trialing: number }>;
    trials: Array<{ month: string; converted: boolean; trialing: boolean; count: number }>;
    overage: Array<{ month: string; count: number; cents: string | number }>;
    failed: Array<{ month: string; count: number; recorded: number; cents: string | number }>;
    recovered: Array<{ month: string; count: number; cents: string | number }>;
    live: Array<{ id: string; account_id: string; account_name: string; plan_id: string; billing: "monthly" | "annual"; trial_end: string | null; created_at: string }>;
  }>(sql`
    select ${jsonRows(planCounts())} as plans,
      ${jsonRows(trialOutcomes(since))} as trials,
      ${jsonRows(overageMonths(since))} as overage,
      ${jsonRows(failedPayments(since, now))} as failed,
      ${jsonRows(recoveredMonths(since))} as recovered,
      ${jsonRows(liveSubscriptions())} as live`);
  const r = row!;
  const monthAmount = (m: { month: string; count: number; cents: string | number }): MonthAmountRow => ({ month: m.month, count: Number(m.count), cents: Number(m.cents) });
  return {
    plans: r.plans.map((p): PlanRow => ({ planId: p.plan_id, paying: Number(p.paying), trialing: Number(p.trialing) })),
    trials: r.trials.map((t): TrialOutcome => ({ month: t.month, converted: t.converted, trialing: t.trialing, count: Number(t.count) })),
    overage: r.overage.map(monthAmount),
    failed: r.failed.map((f): FailedMonthRow => ({ ...monthAmount(f), recorded: Number(f.recorded) })),
    recovered: r.recovered.map(monthAmount),
    live: r.live.map((s): LiveSubscription => ({
      id: s.id,
      accountId: s.account_id,
      accountName: s.account_name,
      planId: s.plan_id,
      billing: s.billing,
      trialEnd: s.trial_end ? new Date(s.trial_end) : null,
      createdAt: new Date(s.created_at),
    })),
  };
}

/**
 * Each subscription's MRR at every snapshot (ADR 0139). A charged invoice is
 * one above $0 of a subscription, paid (or open while the subscription still
 * pays), that no overage entry billed. A regular one has a period of 20 days
 * or more, or is the subscription's first (Stripe's first invoice has none);
 * the others are prorations of a plan change, which count nothing. A regular
 * invoice covers from when it was issued until the subscription's next
 * regular invoice, at most its interval (a year when its period spans 300
 * days or more, or when it has none and the subscription bills annually; a
 * month otherwise) plus 3 days of grace for a renewal the provider has not
 * charged yet. Its MRR is its amount over the months of its interval.
 */
function mrrSeries(snapshots: Date[]): SQL {
  const at = snapshots.map((d) => d.toISOString());
  return sql`
    with charged as (
      select s.id as sid, s.account_id, s.plan_id, s.billing, i.issued_at, i.amount_due,
        coalesce(i.period_end - i.period_start < interval '20 days', true) as short,
        i.period_end - i.period_start >= interval '300 days' as yearly,
        row_number() over (partition by s.id order by i.issued_at, i.provider_invoice_id) as n
      from ${invoices} i
      join ${subscriptions} s on s.provider_subscription_id = i.provider_subscription_id
      where i.amount_due > 0
        and (i.status = 'paid' or (i.status = 'open' and s.status in (${list(PAYING_STATUSES)})))
        and not exists (select 1 from ${overageEntries} o where o.provider_invoice_id = i.provider_invoice_id)
    ),
    regular as (
      select sid, account_id, plan_id, issued_at, amount_due,
        case when yearly or (short and billing = 'annual') then 12 else 1 end as months
      from charged
      where not short or n = 1
    ),
    covered as (
      select sid, account_id, plan_id, issued_at as from_at,
        least(coalesce(lead(issued_at) over (partition by sid order by issued_at), 'infinity'::timestamptz), issued_at + make_interval(months => months) + interval '3 days') as to_at,
        round(amount_due::numeric / months)::int as mrr
      from regular
    ),
    snaps as (select at, (idx - 1)::int as idx from unnest(${textArray(at)}::timestamptz[]) with ordinality as t(at, idx))
    select c.sid as subscription_id, min(c.account_id) as account_id, min(c.plan_id) as plan_id,
      json_agg(json_build_array(n.idx, c.mrr)) filter (where n.idx is not null) as points,
      bool_or(c.from_at <= ${at[0]!}::timestamptz) as paid_before
    from covered c
    left join snaps n on c.from_at <= n.at and n.at < c.to_at
    group by c.sid`;
}

function planCounts(): SQL {
  return sql`
    select ${subscriptions.planId} as plan_id,
      count(*) filter (where ${subscriptions.status} in (${list(PAYING_STATUSES)}))::int as paying,
      count(*) filter (where ${subscriptions.status} in (${list(TRIAL_STATUSES)}))::int as trialing
    from ${subscriptions}
    where ${subscriptions.status} in (${list(LIVE_STATUSES)})
    group by 1`;
}

/**
 * Trials started since `from`, by month: converted (the subscription has a
 * paid invoice above $0) or not, still trialing or not. The paid
 * subscriptions are one set, joined once (an EXISTS in the select list ran
 * once per trial, each a scan of the invoices: 0.4-0.5 s at 53,000 invoices).
 */
function trialOutcomes(from: string): SQL {
  return sql`
    select ${monthKey(sql`s.trial_start`)} as month,
      paid.provider_subscription_id is not null as converted,
      s.status in (${list(TRIAL_STATUSES)}) as trialing,
      count(*)::int as count
    from ${subscriptions} s
    left join (select distinct i.provider_subscription_id from ${invoices} i where i.status = 'paid' and i.amount_due > 0) paid
      on paid.provider_subscription_id = s.provider_subscription_id
    where s.trial_start >= ${from}::timestamptz
    group by 1, 2, 3`;
}

/** Overage revenue: the entries billed, by the month submitted. */
function overageMonths(from: string): SQL {
  return sql`
    select ${monthKey(sql`coalesce(${overageEntries.submittedAt}, ${overageEntries.createdAt})`)} as month, count(*)::int as count, coalesce(sum(${overageEntries.totalAmount}), 0)::bigint as cents
    from ${overageEntries}
    where ${overageEntries.status} = 'billed' and coalesce(${overageEntries.submittedAt}, ${overageEntries.createdAt}) >= ${from}::timestamptz
    group by 1`;
}

/**
 * Invoices above $0 whose payment failed, by month (ADR 0139): in the month of
 * `payment_failed_at` when the sync recorded it, whatever became of the
 * invoice; else (invoices from before the record) the approximation by the
 * month issued: uncollectible, or still open more than a day after issue.
 */
function failedPayments(from: string, now: Date): SQL {
  const failedAt = sql`coalesce(${invoices.paymentFailedAt}, ${invoices.issuedAt})`;
  return sql`
    select ${monthKey(failedAt)} as month, count(*)::int as count, count(${invoices.paymentFailedAt})::int as recorded, coalesce(sum(${invoices.amountDue}), 0)::bigint as cents
    from ${invoices}
    where ${invoices.amountDue} > 0 and ${failedAt} >= ${from}::timestamptz
      and (${invoices.paymentFailedAt} is not null
        or ${invoices.status} = 'uncollectible' or (${invoices.status} = 'open' and ${invoices.issuedAt} < ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz))
    group by 1`;
}

/** Recovered payments: the recorded failures paid since, by the month of the failure. */
function recoveredMonths(from: string): SQL {
  return sql`
    select ${monthKey(sql`${invoices.paymentFailedAt}`)} as month, count(*)::int as count, coalesce(sum(${invoices.amountPaid}), 0)::bigint as cents
    from ${invoices}
    where ${invoices.amountDue} > 0 and ${invoices.status} = 'paid' and ${invoices.paymentFailedAt} >= ${from}::timestamptz
    group by 1`;
}

function fillMonths(keys: string[], rows: MonthAmountRow[]): MonthAmountRow[] {
  return keys.map((month) => rows.find((r) => r.month === month) ?? { month, count: 0, cents: 0 });
}

/** The live subscriptions, with their account's name and what their usage months count from. */
function liveSubscriptions(): SQL {
  return sql`
    select s.id, s.account_id, o.name as account_name, s.plan_id, s.billing, s.trial_end, s.created_at
    from ${subscriptions} s join ${organization} o on o.id = s.account_id
    where s.status in (${list(LIVE_STATUSES)})`;
}

/**
 * Every live subscription's current usage month (from its billing anchor,
 * usage-month.ts) and its units so far: its interactions not credited as
 * spam, read per subscription and month through
 * interactions_subscription_month_idx, plus usage recorded by an admin (a
 * phone session one unit, a text session half; the record's time clamped
 * into its cycle, as the dashboard counts it). The months are worked out
 * here from the live subscriptions read with the other figures, so the units
 * are a second statement.
 */
async function currentMonthUsages(live: LiveSubscription[], now: Date): Promise<MonthUsage[]> {
  if (live.length === 0) return [];
  const months = live.map((s) => usageMonth(usageAnchor({ trialEnd: s.trialEnd, createdAt: s.createdAt }), now));
  const recordAt = sql`greatest(u.period_start, least(u.created_at, u.period_end - interval '1 second'))`;
  const used = await query<{ sid: string; milli: string | number }>(sql`
    select m.sid,
      (select coalesce(sum(i.units_milli), 0) from ${interactions} i
        where i.subscription_id = m.sid and i.usage_month_start = m.s and i.spam_reported_at is null)
      + (select coalesce(sum((u.phone_inbound + u.phone_outbound) * 1000 + (u.text_inbound + u.text_outbound) * 500), 0) from ${usageRecords} u
        where u.subscription_id = m.sid and u.period_start < m.e and u.period_end > m.s and ${recordAt} >= m.s and ${recordAt} < m.e) as milli
    from unnest(${textArray(live.map((s) => s.id))}::text[], ${textArray(months.map((m) => m.start.toISOString()))}::timestamptz[], ${textArray(months.map((m) => m.end.toISOString()))}::timestamptz[]) as m(sid, s, e)`);
  const byId = new Map(used.map((u) => [u.sid, Number(u.milli)]));
  return live.map((s, i) => ({
    subscriptionId: s.id,
    accountId: s.accountId,
    accountName: s.accountName,
    planId: s.planId,
    billing: s.billing,
    trialEnd: s.trialEnd,
    monthStart: months[i]!.start,
    monthEnd: months[i]!.end,
    usedMilli: byId.get(s.id) ?? 0,
  }));
}

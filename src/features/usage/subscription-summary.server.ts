import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { interactions, subscriptions, usageRecords } from "@/db/schema";
import { findPlan, type Plan } from "@/features/plans/catalogue";
import { usageAnchor, usageMonth } from "./usage-month";
import { getProvider } from "@/features/billing/provider";
import { monthOfPeriod } from "./billing-cycles";
import { SUBSCRIPTION_STATUSES } from "@/features/billing/subscription-state";

export type SubscriptionSummary = {
  id: string;
  status: string;
  plan: { id: string; name: string };
  billing: "monthly" | "annual";
  currentPeriodEnd: string | null;
  /** Cancelling at the period's end (issue 23): the dashboard says "Ends on", not "Renews on". */
  cancelAtPeriodEnd: boolean;
  /** Units this month (decimal) against the plan's included units: phone and text share the allowance. */
  usage: { phoneUsed: number; phoneLimit: number; textUsed: number; textLimit: number };
  /**
   * This usage month's units from the AI employee's calls and messages (issue 13,
   * ADR 0101), decimal: phone and text units, the plan's included units (null:
   * unlimited), the units beyond them and their cost in cents at the plan's
   * extra-unit price. Spam-reported records count 0.
   */
  units: { monthStart: string; monthEnd: string; phone: number; text: number; calls: number; conversations: number; included: number | null; extra: number; extraCostCents: number };
};

/** The summary shows the first subscription in the order of SUBSCRIPTION_STATUSES (active, trialing, past due, cancelled). */
const STATUS_RANK = (status: string): number => (SUBSCRIPTION_STATUSES as readonly string[]).indexOf(status) >>> 0;
const DAY_MS = 86_400_000;
/** Longer than any usage month (a month of a period is at most 31 days). */
const MONTH_REACH_DAYS = 32;

type SummaryRow = {
  now: string | Date;
  subs: Array<{ id: string; status: string; planId: string; billing: "monthly" | "annual"; start: string | null; end: string | null; createdAt: string; trialEnd: string | null; cancelAtPeriodEnd: boolean }>;
  usage: Array<{ subscriptionId: string; at: string; phone: number; text: number }>;
  units: Array<{ subscriptionId: string; month: string; phone: number; text: number; calls: number; conversations: number }>;
};

/**
 * The subscription summary of /api/auth/user: the caller's most relevant
 * subscription (active before trialing before past_due), with this month's
 * usage against the plan's limits (on an annual plan the month of the annual
 * period containing now). One query, on the hottest read: the caller's
 * subscriptions, the provider's clock, and the usage records dated within a
 * month of now, which are then summed for the month here. Reads only.
 */
export async function subscriptionSummary(accountId: string): Promise<SubscriptionSummary | null> {
  const db = await getDb();
  const provider = await getProvider();
  const now = provider.nowSql();
  // A record's time: its creation clamped into its billing cycle (usageRecordTime, provider-window.ts).
  const at = sql`greatest(u.period_start, least(u.created_at, u.period_end - interval '1 second'))`;
  const result = (await db.execute(sql`
    with clock as (select ${now} as now),
    subs as (
      select id, status, plan_id, billing, current_period_start, current_period_end, created_at, trial_end, cancel_at_period_end
      from ${subscriptions} where account_id = ${accountId}
    )
    select
      (select now from clock) as now,
      coalesce((select json_agg(json_build_object(
        'id', id, 'status', status, 'planId', plan_id, 'billing', billing,
        'start', current_period_start, 'end', current_period_end, 'createdAt', created_at, 'trialEnd', trial_end,
        'cancelAtPeriodEnd', cancel_at_period_end
      ) order by created_at desc) from subs), '[]'::json) as subs,
      coalesce((select json_agg(m) from (
        select i.subscription_id as "subscriptionId", i.usage_month_start as month,
          coalesce(sum(i.units_milli) filter (where i.channel = 'phone' and i.spam_reported_at is null), 0) as phone,
          coalesce(sum(i.units_milli) filter (where i.channel <> 'phone' and i.spam_reported_at is null), 0) as text,
          count(*) filter (where i.channel = 'phone') as calls,
          count(*) filter (where i.channel <> 'phone') as conversations
        from ${interactions} i, clock
        where i.subscription_id in (select id from subs)
          and i.usage_month_start > clock.now - ${MONTH_REACH_DAYS} * interval '1 day'
          and i.usage_month_start <= clock.now
        group by 1, 2) m), '[]'::json) as units,
      coalesce((select json_agg(json_build_object(
        'subscriptionId', u.subscription_id, 'at', ${at},
        'phone', u.phone_inbound + u.phone_outbound, 'text', u.text_inbound + u.text_outbound
      )) from ${usageRecords} u, clock
        where u.subscription_id in (select id from subs)
          and u.period_start < clock.now + ${MONTH_REACH_DAYS} * interval '1 day'
          and u.period_end > clock.now - ${MONTH_REACH_DAYS} * interval '1 day'
          and ${at} >= clock.now - ${MONTH_REACH_DAYS} * interval '1 day'
          and ${at} < clock.now + ${MONTH_REACH_DAYS} * interval '1 day'), '[]'::json) as usage
  `)) as unknown as { rows: SummaryRow[] };
  const row = result.rows[0]!;
  if (row.subs.length === 0) return null;
  const nowDate = new Date(row.now);
  const sub = [...row.subs].sort((a, b) => STATUS_RANK(a.status) - STATUS_RANK(b.status))[0]!;
  const plan = findPlan(sub.planId);
  const start = new Date(sub.start ?? sub.createdAt);
  const end = sub.end ? new Date(sub.end) : new Date(start.getTime() + 31 * DAY_MS);
  // 'Usage This Month': the month of the period containing now (the whole period on a monthly plan).
  const month = monthOfPeriod({ start, end }, nowDate);
  let phoneUsed = 0;
  let textUsed = 0;
  for (const u of row.usage) {
    const t = new Date(u.at).getTime();
    if (u.subscriptionId !== sub.id || t < month.start.getTime() || t >= month.end.getTime()) continue;
    phoneUsed += u.phone;
    textUsed += u.text;
  }
  // Units (issue 13, ADR 0101): phone units count 1 per recorded phone session and text
  // sessions half a unit (spec 9), plus the AI employee's own calls and messages.
  const units = unitsThisMonth(row.units, sub, plan, nowDate, { phone: phoneUsed * 1000, text: textUsed * 500 });
  return {
    id: sub.id,
    status: sub.status,
    plan: { id: plan?.id ?? sub.planId, name: plan?.name ?? sub.planId },
    billing: sub.billing,
    currentPeriodEnd: sub.end ? new Date(sub.end).toISOString() : null,
    cancelAtPeriodEnd: sub.status !== "cancelled" && sub.cancelAtPeriodEnd === true,
    usage: {
      phoneUsed: units.phone,
      // Spec 9: the default limit divisor is 1 (enterprise has no limit).
      phoneLimit: plan?.units ?? 1,
      textUsed: units.text,
      textLimit: plan?.units ?? 1,
    },
    units,
  };
}

/** This usage month's units of `sub` (its anchor-day month containing now), adding `recorded` (thousandths typed in by an admin). */
function unitsThisMonth(rows: SummaryRow["units"], sub: SummaryRow["subs"][number], plan: Plan | undefined, now: Date, recorded: { phone: number; text: number }): SubscriptionSummary["units"] {
  const month = usageMonth(usageAnchor({ trialEnd: sub.trialEnd ? new Date(sub.trialEnd) : null, createdAt: new Date(sub.createdAt) }), now);
  const mine = rows.find((r) => r.subscriptionId === sub.id && new Date(r.month).getTime() === month.start.getTime());
  const phoneMilli = Number(mine?.phone ?? 0) + recorded.phone;
  const textMilli = Number(mine?.text ?? 0) + recorded.text;
  const included = plan?.units ?? null;
  const extraMilli = included === null ? 0 : Math.max(0, phoneMilli + textMilli - included * 1000);
  const rate = plan?.extraUnitPrice?.[sub.billing] ?? 0;
  return {
    monthStart: month.start.toISOString(),
    monthEnd: month.end.toISOString(),
    phone: phoneMilli / 1000,
    text: textMilli / 1000,
    calls: Number(mine?.calls ?? 0),
    conversations: Number(mine?.conversations ?? 0),
    included,
    extra: extraMilli / 1000,
    // Cents, rounded once at the end: extra thousandths × cents per unit / 1000.
    extraCostCents: Math.round((extraMilli * rate) / 1000),
  };
}

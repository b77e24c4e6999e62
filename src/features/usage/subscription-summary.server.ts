import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { subscriptions, usageRecords } from "@/db/schema";
import { findPlan } from "@/features/plans/catalogue";
import { getProvider } from "@/features/billing/provider";
import { monthOfPeriod } from "./billing-cycles";

export type SubscriptionSummary = {
  id: string;
  status: string;
  plan: { id: string; name: string };
  billing: "monthly" | "annual";
  currentPeriodEnd: string | null;
  usage: { phoneUsed: number; phoneLimit: number; textUsed: number; textLimit: number };
};

const STATUS_RANK: Record<string, number> = { active: 0, trialing: 1, past_due: 2, cancelled: 3 };
const DAY_MS = 86_400_000;
/** Longer than any usage month (a month of a period is at most 31 days). */
const MONTH_REACH_DAYS = 32;

type SummaryRow = {
  now: string | Date;
  subs: Array<{ id: string; status: string; planId: string; billing: "monthly" | "annual"; start: string | null; end: string | null; createdAt: string }>;
  usage: Array<{ subscriptionId: string; at: string; phone: number; text: number }>;
};

/**
 * The subscription summary of /api/auth/user: the caller's most relevant
 * subscription (active before trialing before past_due), with this month's
 * usage against the plan's limits (on an annual plan the month of the annual
 * period containing now). One query, on the hottest read: the caller's
 * subscriptions, the provider's clock, and the usage records dated within a
 * month of now, which are then summed for the month here. Reads only.
 */
export async function subscriptionSummary(userId: string): Promise<SubscriptionSummary | null> {
  const db = await getDb();
  const provider = await getProvider();
  const now = provider.nowSql();
  // A record's time: its creation clamped into its billing cycle (usageRecordTime, provider-window.ts).
  const at = sql`greatest(u.period_start, least(u.created_at, u.period_end - interval '1 second'))`;
  const result = (await db.execute(sql`
    with clock as (select ${now} as now),
    subs as (
      select id, status, plan_id, billing, current_period_start, current_period_end, created_at
      from ${subscriptions} where user_id = ${userId}
    )
    select
      (select now from clock) as now,
      coalesce((select json_agg(json_build_object(
        'id', id, 'status', status, 'planId', plan_id, 'billing', billing,
        'start', current_period_start, 'end', current_period_end, 'createdAt', created_at
      ) order by created_at desc) from subs), '[]'::json) as subs,
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
  const sub = [...row.subs].sort((a, b) => (STATUS_RANK[a.status] ?? 9) - (STATUS_RANK[b.status] ?? 9))[0]!;
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
  return {
    id: sub.id,
    status: sub.status,
    plan: { id: plan?.id ?? sub.planId, name: plan?.name ?? sub.planId },
    billing: sub.billing,
    currentPeriodEnd: sub.end ? new Date(sub.end).toISOString() : null,
    usage: {
      phoneUsed,
      // Spec 9: the default limit divisor is 1 (enterprise has no limit).
      phoneLimit: plan?.phoneSessionLimit ?? 1,
      textUsed,
      textLimit: plan?.textSessionLimit ?? 1,
    },
  };
}

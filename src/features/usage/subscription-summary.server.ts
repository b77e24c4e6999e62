import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { subscriptions } from "@/db/schema";
import { findPlan } from "@/features/plans/catalogue";
import { monthOfPeriod } from "./billing-cycles";
import { usageTotalsDatedIn } from "./usage-totals.server";
import { getProvider } from "@/features/billing/provider";
import { syncUser } from "@/features/billing/sync.server";

export type SubscriptionSummary = {
  id: string;
  status: string;
  plan: { id: string; name: string };
  billing: "monthly" | "annual";
  currentPeriodEnd: string | null;
  usage: { phoneUsed: number; phoneLimit: number; textUsed: number; textLimit: number };
};

const STATUS_RANK: Record<string, number> = { active: 0, trialing: 1, past_due: 2, cancelled: 3 };

/**
 * The subscription summary of /api/auth/user: the caller's most relevant
 * subscription (active before trialing before past_due), with this month's
 * usage against the plan's limits (on an annual plan the month of the annual
 * period containing now). Reads the mirror only.
 */
export async function subscriptionSummary(userId: string, allowSync = true): Promise<SubscriptionSummary | null> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
  if (rows.length === 0) return null;
  const provider = await getProvider();
  // The provider's clock (the sandbox's may run ahead), read once per summary.
  const now = await provider.now();
  if (allowSync && rolloverDue(provider.periodsAdvanceWithoutWebhooks, rows, now)) {
    await syncUser(userId);
    return subscriptionSummary(userId, false);
  }
  const sub = [...rows].sort((a, b) => (STATUS_RANK[a.status] ?? 9) - (STATUS_RANK[b.status] ?? 9))[0]!;
  const plan = findPlan(sub.planId);
  const start = sub.currentPeriodStart ?? sub.createdAt;
  const end = sub.currentPeriodEnd ?? new Date(start.getTime() + 31 * 86400_000);
  // 'Usage This Month': the month of the period containing now (the whole period on a monthly plan).
  const month = monthOfPeriod({ start, end }, now);
  const totals = await usageTotalsDatedIn(sub.id, month.start, month.end);
  return {
    id: sub.id,
    status: sub.status,
    plan: { id: plan?.id ?? sub.planId, name: plan?.name ?? sub.planId },
    billing: sub.billing,
    currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
    usage: {
      phoneUsed: totals.phoneInbound + totals.phoneOutbound,
      // Spec 9: the default limit divisor is 1 (enterprise has no limit).
      phoneLimit: plan?.phoneSessionLimit ?? 1,
      textUsed: totals.textInbound + totals.textOutbound,
      textLimit: plan?.textSessionLimit ?? 1,
    },
  };
}

/**
 * Only for a provider whose periods advance without webhooks (the sandbox):
 * true when a live subscription's period has ended on the provider's clock,
 * so a sync would roll it forward (trial end, renewal, scheduled
 * cancellation). Keeps the dashboard current without syncing on every request.
 */
function rolloverDue(periodsAdvanceWithoutWebhooks: boolean, rows: Array<{ status: string; currentPeriodEnd: Date | null }>, now: Date): boolean {
  if (!periodsAdvanceWithoutWebhooks) return false;
  return rows.some((r) => r.status !== "cancelled" && r.currentPeriodEnd !== null && r.currentPeriodEnd <= now);
}

import "server-only";
import { findPlan } from "@/features/plans/catalogue";
import { getProvider } from "@/features/billing/provider";
import { monthAt, readLedger, usedMilli, type LedgerSubscription } from "./ledger.server";
import { priceUsage } from "./pricing";
import { ENDED_STATUS, SUBSCRIPTION_STATUSES, hasEnded, isCancelling } from "@/features/billing/subscription-state";

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
   * ADR 0144), decimal: phone and text units, the plan's included units (null:
   * unlimited), the units beyond them and their cost in cents at the plan's
   * extra-unit price (0 in a trial month: never billed). The ledger's month
   * (ledger.server.ts): spam-reported records count 0, usage recorded by an
   * admin counts (ADR 0133).
   */
  units: { monthStart: string; monthEnd: string; phone: number; text: number; calls: number; conversations: number; included: number | null; extra: number; extraCostCents: number };
};

/** The summary shows the first subscription in the order of SUBSCRIPTION_STATUSES (active, trialing, past due, cancelled). */
const STATUS_RANK = (status: string): number => (SUBSCRIPTION_STATUSES as readonly string[]).indexOf(status) >>> 0;

/** The status the summary reports: cancelled once ended, by its status or by the clock (hasEnded). */
const reported = (sub: LedgerSubscription, now: Date): string => (hasEnded(sub, now) ? ENDED_STATUS : sub.status);

/** The subscription the summary shows at `now`, of an account's subscriptions (newest first); null without any. */
export function summarySubscription(subs: readonly LedgerSubscription[], now: Date): LedgerSubscription | null {
  return [...subs].sort((a, b) => STATUS_RANK(reported(a, now)) - STATUS_RANK(reported(b, now)))[0] ?? null;
}

/**
 * The subscription summary of /api/auth/user: the caller's most relevant
 * subscription (active before trialing before past_due), with this usage
 * month's units from the ledger (the month of the subscription's anchor day
 * holding the provider's now), priced by the ledger's priceUsage. One
 * statement (readLedger), on the hottest read. Reads only.
 */
export async function subscriptionSummary(accountId: string): Promise<SubscriptionSummary | null> {
  const provider = await getProvider();
  const ledger = await readLedger({ accountId }, { at: provider.nowSql() });
  const sub = summarySubscription(ledger.subscriptions, ledger.now);
  if (!sub) return null;
  const plan = findPlan(sub.planId);
  const month = monthAt(ledger, sub, ledger.now);
  const priced = priceUsage({ usedMilli: usedMilli(month), plan, billing: sub.billing, trialEnd: sub.trialEnd, monthStart: month.start });
  const units: SubscriptionSummary["units"] = {
    monthStart: month.start.toISOString(),
    monthEnd: month.end.toISOString(),
    phone: month.phoneMilli / 1000,
    text: month.textMilli / 1000,
    calls: month.calls,
    conversations: month.conversations,
    included: priced.includedMilli === null ? null : priced.includedMilli / 1000,
    extra: priced.extraMilli / 1000,
    extraCostCents: priced.costCents,
  };
  return {
    id: sub.id,
    status: reported(sub, ledger.now),
    plan: { id: plan?.id ?? sub.planId, name: plan?.name ?? sub.planId },
    billing: sub.billing,
    currentPeriodEnd: sub.currentPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: isCancelling(sub, ledger.now),
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

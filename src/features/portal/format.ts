import { formatDate as formatLibDate } from "@/lib/format";
import { findPlan, formatCents, type Billing } from "@/features/plans/catalogue";
import type { AiReadyOrderView, CustomerSubscription } from "@/features/billing/api-types";
import { aiEmployeeStatus, hasEnded, isCancelling, isPastDue, providerDiffers, type AiEmployeeStatus, type SubscriptionFacts } from "@/features/billing/subscription-state";

/** 'March 5, 2026' from an ISO string, in UTC (@/lib/format); '' for null or an invalid date. */
export function formatDate(iso: string | null | undefined): string {
  return formatLibDate(iso, { style: "long" });
}

/** Query values: `billing` is annual only when it says so (spec: default monthly). */
export function parseBilling(value: string | null | undefined): Billing {
  return value === "annual" ? "annual" : "monthly";
}

/** '$420.00 per month' or '$4,380.00 per year' from a subscription's plan (cents). */
export function subscriptionPrice(sub: Pick<CustomerSubscription, "billing" | "plan">): string {
  return sub.billing === "annual" ? `${formatCents(sub.plan.annualPrice)} per year` : `${formatCents(sub.plan.monthlyPrice)} per month`;
}

/** Cancel is offered only when active and not already cancelling (spec 4). */
export function canCancel(sub: CustomerSubscription): boolean {
  return sub.status === "active" && !hasEnded(sub) && !isCancelling(sub);
}

/** The past-due subscriptions of a list (the /billing banner shows while there is one). */
export function pastDueSubscriptions<T extends SubscriptionFacts>(subs: readonly T[] | null | undefined): T[] {
  return (subs ?? []).filter((s) => isPastDue(s));
}

/** 'the Small plan', 'the Small and Medium plans', 'the Small, Medium and Large plans'. */
export function planNames(subs: readonly Pick<CustomerSubscription, "plan">[]): string {
  const names = [...new Set(subs.map((s) => s.plan.name))];
  if (names.length === 0) return "";
  if (names.length === 1) return `the ${names[0]} plan`;
  return `the ${names.slice(0, -1).join(", ")} and ${names.at(-1)} plans`;
}

/**
 * Which AI employee card to show: the status /api/ai-ready-orders reports
 * (aiEmployeeStatus, subscription-state.ts), worked out again from the
 * subscription so that a card never shows an ended one as active.
 */
export function aiEmployeeCardState(order: Pick<AiReadyOrderView, "status" | "subscription">): AiEmployeeStatus | "other" {
  return order.status === "ended" ? "ended" : aiEmployeeStatus(order.status, order.subscription);
}

/** The date a cancelling subscription ends. */
export function cancelDate(sub: Pick<CustomerSubscription, "currentPeriodEnd" | "stripeData">): string | null {
  return sub.stripeData.stripeCurrentPeriodEnd ?? sub.currentPeriodEnd;
}

/** The provider's status when it differs from ours ('Unknown' if absent), else null. */
export function providerStatusLabel(sub: Pick<CustomerSubscription, "status" | "stripeData">): string | null {
  const provider = sub.stripeData.stripeStatus;
  if (!provider) return "Unknown";
  return providerDiffers(sub.status, provider) ? provider : null;
}

/** Usage percent = used / limit × 100 (spec 9; a missing or zero limit divides by 1). */
export function usagePercent(used: number, limit: number | null | undefined): number {
  const divisor = limit && limit > 0 ? limit : 1;
  return Math.max(0, Math.min(100, (used / divisor) * 100));
}

/** The spec 9 checkout defaults (small plan) used when a plan gives no figures. */
export const INCLUDED_DEFAULTS = { phoneUnits: 100, phoneExtraCents: 165, textUnits: 500, textExtraCents: 83 } as const;

export type Included = { phoneUnits: number; phoneExtraCents: number; textUnits: number; textExtraCents: number };

/**
 * What the plan includes: phone and text sessions and the price of one extra
 * unit for the billing period (a text session is half a unit, so it costs half).
 * Values come from the API's plan, then the catalogue, then the spec's defaults.
 */
export function includedWithPlan(planId: string, billing: Billing, apiPlan?: { phoneSessionLimit: number | null; textSessionLimit: number | null } | null): Included {
  const plan = findPlan(planId);
  const extra = plan?.extraUnitPrice?.[billing];
  return {
    phoneUnits: apiPlan?.phoneSessionLimit ?? plan?.phoneSessionLimit ?? INCLUDED_DEFAULTS.phoneUnits,
    phoneExtraCents: extra ?? INCLUDED_DEFAULTS.phoneExtraCents,
    textUnits: apiPlan?.textSessionLimit ?? plan?.textSessionLimit ?? INCLUDED_DEFAULTS.textUnits,
    textExtraCents: extra !== undefined ? Math.round(extra / 2) : INCLUDED_DEFAULTS.textExtraCents,
  };
}

/** Days left until an ISO date, rounded up; 0 when past. */
export function daysUntil(iso: string | null | undefined, now: Date = new Date()): number {
  if (!iso) return 0;
  const ms = new Date(iso).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 86_400_000) : 0;
}

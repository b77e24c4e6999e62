import { formatDate as formatLibDate } from "@/lib/format";
import { findPlan, formatCents, type Billing } from "@/features/plans/catalogue";
import type { AiReadyOrderView, CustomerSubscription } from "@/features/billing/api-types";

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

type SubscriptionState = {
  status: string;
  cancelAtPeriodEnd: boolean;
  stripeData: { stripeStatus: string | null; stripeCancelAtPeriodEnd: boolean };
};

/** The provider's statuses of a subscription that has ended (it cannot come back). */
const ENDED_PROVIDER_STATUSES = new Set(["canceled", "incomplete_expired"]);

/**
 * The subscription has ended: our status or the provider's (which takes
 * precedence for the badge, spec 4) says so. An ended subscription is never
 * "cancelling", whatever cancel flags were left set (ADR 0088).
 */
export function isEnded(sub: Pick<SubscriptionState, "status" | "stripeData">): boolean {
  return sub.status === "cancelled" || ENDED_PROVIDER_STATUSES.has(sub.stripeData.stripeStatus ?? "");
}

/** Cancelling at period end (our flag or the provider's), until the subscription has ended. */
export function isCancelling(sub: SubscriptionState): boolean {
  return !isEnded(sub) && (sub.cancelAtPeriodEnd || sub.stripeData.stripeCancelAtPeriodEnd);
}

/** Cancel is offered only when active and not already cancelling (spec 4). */
export function canCancel(sub: SubscriptionState): boolean {
  return sub.status === "active" && !isEnded(sub) && !isCancelling(sub);
}

/** Past due: the last payment failed and the customer must update the payment method. */
export function isPastDue(sub: Pick<SubscriptionState, "status" | "stripeData">): boolean {
  return sub.status === "past_due" && !isEnded(sub);
}

/** The past-due subscriptions of a list (the /billing banner shows while there is one). */
export function pastDueSubscriptions<T extends Pick<SubscriptionState, "status" | "stripeData">>(subs: readonly T[] | null | undefined): T[] {
  return (subs ?? []).filter(isPastDue);
}

/** 'the Small plan', 'the Small and Medium plans', 'the Small, Medium and Large plans'. */
export function planNames(subs: readonly Pick<CustomerSubscription, "plan">[]): string {
  const names = [...new Set(subs.map((s) => s.plan.name))];
  if (names.length === 0) return "";
  if (names.length === 1) return `the ${names[0]} plan`;
  return `the ${names.slice(0, -1).join(", ")} and ${names.at(-1)} plans`;
}

/**
 * Which AI employee card to show: the order's status, except that a claimed or
 * active AI employee whose subscription has ended is 'ended' (it can be
 * subscribed again).
 */
export function aiEmployeeCardState(order: Pick<AiReadyOrderView, "status" | "subscription">): "pending" | "claimed" | "active" | "ended" | "other" {
  if (order.status === "pending") return "pending";
  if (order.status !== "claimed" && order.status !== "active") return "other";
  return order.subscription && isEnded(order.subscription) ? "ended" : order.status;
}

/** The date a cancelling subscription ends. */
export function cancelDate(sub: Pick<CustomerSubscription, "currentPeriodEnd" | "stripeData">): string | null {
  return sub.stripeData.stripeCurrentPeriodEnd ?? sub.currentPeriodEnd;
}

/** The provider's status when it differs from ours ('Unknown' if absent), else null. */
export function providerStatusLabel(sub: Pick<CustomerSubscription, "status" | "stripeData">): string | null {
  const provider = sub.stripeData.stripeStatus;
  if (!provider) return "Unknown";
  const normalised = provider === "canceled" ? "cancelled" : provider;
  return normalised === sub.status ? null : provider;
}

/** Customer badge colours (spec 4): active green, trialing blue 'Free Trial', past_due yellow, else red. */
export function statusBadge(status: string): { label: string; variant: "green" | "blue" | "yellow" | "red" } {
  switch (status) {
    case "active":
      return { label: "Active", variant: "green" };
    case "trialing":
      return { label: "Free Trial", variant: "blue" };
    case "past_due":
      return { label: "Past Due", variant: "yellow" };
    case "cancelled":
    case "canceled":
      return { label: "Cancelled", variant: "red" };
    default:
      return { label: status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ") : "Unknown", variant: "red" };
  }
}

/** Dashboard badge colours (spec 4): active green, cancelled red, trialing blue, other yellow. */
export function dashboardBadge(status: string): { label: string; variant: "green" | "blue" | "yellow" | "red" } {
  if (status === "active") return { label: "Active", variant: "green" };
  if (status === "cancelled" || status === "canceled") return { label: "Cancelled", variant: "red" };
  if (status === "trialing") return { label: "Free Trial", variant: "blue" };
  return { label: status === "past_due" ? "Past Due" : status || "Unknown", variant: "yellow" };
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
export function includedWithPlan(
  planId: string,
  billing: Billing,
  apiPlan?: { phoneSessionLimit: number | null; textSessionLimit: number | null } | null,
): Included {
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

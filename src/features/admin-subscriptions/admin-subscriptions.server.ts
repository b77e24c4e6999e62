import "server-only";
import { desc, eq, inArray, or } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiReadyOrders, subscriptions, user } from "@/db/schema";
import { findPlan } from "@/features/plans/catalogue";
import { getProvider } from "@/features/billing/provider";
import { hasEnded } from "@/features/billing/views.server";
import type { AdminSubscription, PaymentPriceView, StripePricesResponse } from "@/features/billing/admin-api-types";
import type { ProviderPrice } from "@/features/billing/provider/port";
import { deriveBillingCycles, toCycleView } from "@/features/usage/billing-cycles";
import { loadSubscription } from "@/features/usage/usage.server";

const DAY_MS = 86_400_000;

/** Whole days left in a trial (0 when not trialing or over). */
export function daysInTrial(status: string, trialEnd: Date | null, now = new Date()): number {
  if (status !== "trialing" || !trialEnd) return 0;
  return Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS));
}

/**
 * GET /api/admin/subscriptions: every mirrored subscription joined with its
 * user and AI-ready order. Reads the mirror only (no provider call per row);
 * billing cycles are derived from the mirrored period fields.
 */
export async function listAdminSubscriptions(): Promise<AdminSubscription[]> {
  const db = await getDb();
  const rows = await db
    .select({ sub: subscriptions, user: { firstName: user.firstName, lastName: user.lastName, email: user.email, name: user.name } })
    .from(subscriptions)
    .innerJoin(user, eq(user.id, subscriptions.userId))
    .orderBy(desc(subscriptions.createdAt));
  const subIds = rows.map((r) => r.sub.id);
  const orderIds = rows.map((r) => r.sub.aiReadyOrderId).filter((v): v is string => Boolean(v));
  const orderCols = { id: aiReadyOrders.id, subscriptionId: aiReadyOrders.subscriptionId, aiPhoneNumber: aiReadyOrders.aiPhoneNumber, aiEmployeeName: aiReadyOrders.aiEmployeeName };
  const allOrders = subIds.length
    ? await db
        .select(orderCols)
        .from(aiReadyOrders)
        .where(orderIds.length ? or(inArray(aiReadyOrders.id, orderIds), inArray(aiReadyOrders.subscriptionId, subIds)) : inArray(aiReadyOrders.subscriptionId, subIds))
    : [];
  const now = new Date();
  return rows.map(({ sub, user: u }) => {
    const plan = findPlan(sub.planId);
    const order = allOrders.find((o) => (sub.aiReadyOrderId && o.id === sub.aiReadyOrderId) || o.subscriptionId === sub.id) ?? null;
    // An ended subscription is never "cancelling at period end" (ADR 0088).
    const ended = hasEnded(sub);
    return {
      id: sub.id,
      userId: sub.userId,
      user: { firstName: u.firstName ?? u.name ?? null, lastName: u.lastName ?? null, email: u.email },
      status: sub.status,
      plan: { id: plan?.id ?? sub.planId, name: plan?.name ?? sub.planId },
      billing: sub.billing,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: !ended && sub.cancelAtPeriodEnd,
      createdAt: sub.createdAt.toISOString(),
      stripeCustomerId: sub.providerCustomerId,
      aiReadyOrder: order ? { aiPhoneNumber: order.aiPhoneNumber, aiEmployeeName: order.aiEmployeeName } : null,
      stripeData: {
        stripeStatus: sub.providerStatus,
        daysInTrial: daysInTrial(sub.providerStatus ?? sub.status, sub.trialEnd, now),
        stripeCurrentPeriodStart: sub.currentPeriodStart?.toISOString() ?? null,
        stripeCurrentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
        stripeTrialStart: sub.trialStart?.toISOString() ?? null,
        stripeTrialEnd: sub.trialEnd?.toISOString() ?? null,
        stripeCancelAtPeriodEnd: !ended && sub.providerCancelAtPeriodEnd,
        upcomingInvoice: !ended && sub.upcomingInvoiceAmount !== null ? { amount: sub.upcomingInvoiceAmount } : null,
        billingCycles: sub.status === "trialing" ? [] : deriveBillingCycles(sub).map(toCycleView),
      },
    };
  });
}

function view(p: ProviderPrice): PaymentPriceView {
  return { id: p.id, productName: p.productName, unitLabel: p.unitLabel, unitAmount: p.unitAmount };
}

/**
 * GET /api/admin/stripe-prices?subscriptionId=: the provider's price list,
 * the metered usage price per meter for this subscription's plan and billing
 * period, and that plan context.
 */
export async function stripePrices(subscriptionId: string): Promise<StripePricesResponse> {
  const sub = await loadSubscription(subscriptionId);
  const plan = findPlan(sub.planId);
  const planId = plan?.id ?? sub.planId;
  const all = await (await getProvider()).listPrices();
  const metered = all.filter((p) => p.usageType === "metered" && p.meterEventName);
  const pick = (event: string): PaymentPriceView | null => {
    const candidates = metered.filter((p) => p.meterEventName === event);
    const score = (p: ProviderPrice) => (p.lookupKey?.includes(`_${planId}_`) || p.lookupKey?.includes(`_${planId}`) ? 2 : 0) + (p.lookupKey?.endsWith(sub.billing) ? 1 : 0);
    const best = [...candidates].sort((a, b) => score(b) - score(a))[0];
    return best ? view(best) : null;
  };
  // Offer the prices relevant to this plan first: its own metered prices, then the rest.
  const relevant = all.filter((p) => p.usageType !== "metered" || !p.lookupKey || p.lookupKey.includes(`_${planId}_${sub.billing}`));
  return {
    prices: relevant.map(view),
    usagePriceMap: {
      phone_inbound: pick("phone_inbound"),
      phone_outbound: pick("phone_outbound"),
      text_inbound: pick("text_inbound"),
      text_outbound: pick("text_outbound"),
    },
    planContext: { planSize: planId, billing: sub.billing },
  };
}

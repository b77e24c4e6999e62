import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { invoices, subscriptions } from "@/db/schema";
import { ordersOfAccount } from "@/features/orders/order-claims.server";
import { findPlan, periodPrice, type Plan } from "@/features/plans/catalogue";
import { getProvider } from "./provider";
import { aiEmployeeStatus, hasEnded, reportedStatus } from "./subscription-state";
import type { AiReadyOrderView, CustomerSubscription, InvoiceView, PlanView } from "./api-types";

const DAY_MS = 86_400_000;

/** The provider's "now" (the sandbox clock in the sandbox, real time with Stripe). */
export async function providerNow(): Promise<Date> {
  return (await getProvider()).now();
}

export function planView(plan: Plan): PlanView {
  return {
    id: plan.id,
    name: plan.name,
    monthlyPrice: plan.monthlyPrice ?? 0,
    annualPrice: periodPrice(plan, "annual") ?? 0,
    phoneSessionLimit: plan.phoneSessionLimit,
    textSessionLimit: plan.textSessionLimit,
  };
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

export function daysInTrial(row: Pick<SubscriptionRow, "status" | "trialEnd">, now: Date): number {
  if (row.status !== "trialing" || !row.trialEnd) return 0;
  const ms = row.trialEnd.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : 0;
}

/**
 * A subscription's view as of `now` (the provider's clock). Once it has
 * ended (hasEnded, subscription-state.ts: our or the provider's status says
 * so, or it cancelled at a period end that has passed) it reports the status
 * "cancelled", and the cancel flags and the upcoming invoice are cleared: an
 * ended subscription is never "cancelling" (ADR 0088, ADR 0135).
 */
export function customerSubscriptionView(row: SubscriptionRow, now: Date): CustomerSubscription {
  const plan = findPlan(row.planId);
  const ended = hasEnded(row, now);
  return {
    id: row.id,
    status: reportedStatus(row, now),
    billing: row.billing,
    plan: {
      id: plan?.id ?? row.planId,
      name: plan?.name ?? row.planId,
      monthlyPrice: plan?.monthlyPrice ?? 0,
      annualPrice: plan ? (periodPrice(plan, "annual") ?? 0) : 0,
    },
    cancelAtPeriodEnd: !ended && row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    aiReadyOrderId: row.aiReadyOrderId,
    pendingChange:
      !ended && row.pendingPlanId && row.pendingBilling && row.pendingChangeAt
        ? { planId: row.pendingPlanId, planName: findPlan(row.pendingPlanId)?.name ?? row.pendingPlanId, billing: row.pendingBilling, effectiveAt: row.pendingChangeAt.toISOString() }
        : null,
    stripeData: {
      stripeStatus: row.providerStatus,
      daysInTrial: daysInTrial(row, now),
      stripeTrialEnd: row.trialEnd?.toISOString() ?? null,
      stripeCancelAtPeriodEnd: !ended && row.providerCancelAtPeriodEnd,
      stripeCurrentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      upcomingInvoice: ended || row.upcomingInvoiceAmount === null ? null : { amount: row.upcomingInvoiceAmount, periodEnd: row.upcomingInvoiceDate?.toISOString() ?? null },
    },
  };
}

/** The business account's subscriptions from the mirror, newest first. */
export async function accountSubscriptions(accountId: string): Promise<CustomerSubscription[]> {
  const db = await getDb();
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).orderBy(desc(subscriptions.createdAt));
  const now = await providerNow();
  return rows.map((r) => customerSubscriptionView(r, now));
}

/**
 * The AI employees of the caller's business account, and the AI-ready orders
 * prepared for the caller's VERIFIED e-mail that they may claim into it
 * (unverified: only the account's own).
 */
export async function accountOrders(user: { email: string; emailVerified: boolean }, accountId: string): Promise<AiReadyOrderView[]> {
  const db = await getDb();
  const orders = await ordersOfAccount(accountId, user.emailVerified ? user.email.trim().toLowerCase() : null);
  const subIds = orders.map((o) => o.subscriptionId).filter((x): x is string => Boolean(x));
  const subs = subIds.length ? await db.select().from(subscriptions).where(inArray(subscriptions.id, subIds)) : [];
  const now = await providerNow();
  // Only subscriptions the caller's account owns are shown with an order.
  const byId = new Map(subs.filter((s) => s.accountId === accountId).map((s) => [s.id, customerSubscriptionView(s, now)]));
  return orders.map((o) => ({
    id: o.id,
    aiEmployeeName: o.aiEmployeeName,
    aiAvatarUrl: o.aiAvatarUrl,
    aiPhoneNumber: o.aiPhoneNumber,
    customerEmail: o.customerEmail,
    webChatUrl: o.webChatUrl,
    createdAt: o.createdAt.toISOString(),
    ...withSubscription(o, o.subscriptionId ? (byId.get(o.subscriptionId) ?? null) : null),
    joinedSubscription: o.joinedSubscriptionAt !== null,
  }));
}

/** The AI employee's status as the /billing card shows it ("ended" once its subscription has), with that subscription. */
function withSubscription(o: { status: string }, subscription: CustomerSubscription | null): Pick<AiReadyOrderView, "status" | "subscription"> {
  const status = aiEmployeeStatus(o.status, subscription);
  // The order enum has no other value; a row outside it is reported as stored.
  return { status: status === "other" ? (o.status as AiReadyOrderView["status"]) : status, subscription };
}

/** The business account's invoices from the invoices mirror, newest first. */
export async function accountInvoices(accountId: string): Promise<InvoiceView[]> {
  const db = await getDb();
  const rows = await db.select().from(invoices).where(eq(invoices.accountId, accountId)).orderBy(desc(invoices.issuedAt), desc(invoices.id));
  return rows.map((r) => ({
    id: r.id,
    date: r.issuedAt.toISOString(),
    description: r.description,
    amount: r.status === "paid" ? r.amountPaid : r.amountDue,
    currency: r.currency,
    status: r.status,
    invoiceUrl: r.hostedInvoiceUrl,
    // Our own address for every invoice: it redirects to Stripe's PDF, or draws the sandbox's (ADR 0120).
    pdfUrl: `/api/invoices/${r.id}/pdf`,
  }));
}

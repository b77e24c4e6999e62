import type { AdminOrderView } from "@/features/orders/order.schema";

/**
 * JSON shapes of the customer billing API (spec sections 3 and 7). Dates are
 * ISO strings, money integer cents. Server routes return these; pages read them.
 */
import type { AiEmployeeStatus, SubscriptionStatus } from "./subscription-state";
export type { SubscriptionStatus } from "./subscription-state";

export type PlanView = {
  id: string;
  name: string;
  /** Cents per month. */
  monthlyPrice: number;
  /** Cents per year when billed annually. */
  annualPrice: number;
  phoneSessionLimit: number | null;
  textSessionLimit: number | null;
};

/** GET /api/user-subscriptions items (spec 3, customer view). */
export type CustomerSubscription = {
  id: string;
  status: SubscriptionStatus;
  billing: "monthly" | "annual";
  plan: { id: string; name: string; monthlyPrice: number; annualPrice: number };
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  createdAt: string;
  aiReadyOrderId: string | null;
  /** A plan change waiting for the period's end ("Changes to Small on <date>"; issue 23), else null. */
  pendingChange?: { planId: string; planName: string; billing: "monthly" | "annual"; effectiveAt: string } | null;
  stripeData: {
    stripeStatus: string | null;
    daysInTrial: number;
    stripeTrialEnd: string | null;
    stripeCancelAtPeriodEnd: boolean;
    stripeCurrentPeriodEnd: string | null;
    upcomingInvoice: { amount: number; periodEnd: string | null } | null;
  };
};

/** GET /api/ai-ready-orders items. */
export type AiReadyOrderView = Omit<AdminOrderView, "subscriptionId" | "updatedAt" | "status"> & {
  /** The order's status, or "ended" once its subscription has ended (what the /billing card shows; ADR 0135). */
  status: AiEmployeeStatus;
  subscription: CustomerSubscription | null;
  /** It joined a subscription that was waiting for an AI employee (issue 23): no trial of its own. */
  joinedSubscription: boolean;
};

/** GET /api/billing-history items. */
export type InvoiceView = {
  id: string;
  date: string;
  description: string;
  amount: number;
  currency: string;
  status: string;
  invoiceUrl: string | null;
  /** Our /api/invoices/<id>/pdf: Stripe's own PDF by redirect, or the sandbox's drawn one. */
  pdfUrl: string;
};

/** GET /api/subscriptions/{id}/change-preview (issue 23). */
export type PlanChangePreview = {
  amountDueTodayCents: number;
  nextInvoiceCents: number;
  nextInvoiceAt: string | null;
  effectiveAt: string;
  includedUnits: number | null;
  /** "now" for an upgrade, "period_end" for a downgrade (ADR 0114). */
  when: "now" | "period_end";
  /** The proration time of an immediate change; send it back with change-plan to be charged as previewed. */
  prorationDate: string | null;
};

import type { Billing, PlanId } from "@/features/plans/catalogue";
import type { MeterEventName, ProviderInvoice, ProviderSubscriptionStatus } from "../provider/port";

/**
 * The data of each kind of sandbox object (sandbox_objects.data, see
 * store.server.ts). Times are ISO strings; amounts are integer cents.
 */

export type CustomerData = { email: string; name: string; accountId: string; defaultPaymentMethodId: string | null };

export type PaymentMethodData = { brand: string; last4: string; expMonth: number; expYear: number; name: string; declines: boolean };

export type SetupIntentData = {
  status: string;
  clientSecret: string;
  paymentMethodId: string | null;
  lastError: string | null;
  subscriptionId: string | null;
};

export type SubscriptionData = {
  status: ProviderSubscriptionStatus;
  planId: PlanId;
  billing: Billing;
  priceId: string;
  amount: number;
  cancelAtPeriodEnd: boolean;
  cancelAt: string | null;
  canceledAt: string | null;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialStart: string | null;
  trialEnd: string | null;
  created: string;
  defaultPaymentMethodId: string | null;
  pendingSetupIntentId: string | null;
  metadata: Record<string, string>;
  /** Every period so far (trial first), oldest first. */
  periods: Array<{ start: string; end: string }>;
  /** A plan change that takes effect at `at` (the period's end; ADR 0114). */
  pendingChange?: { planId: PlanId; billing: Billing; at: string } | null;
};

export type InvoiceLineData = { description: string; quantity: number; unitAmount: number; amount: number; priceId: string | null };

/** A sandbox invoice: the port's fields that are stored as they are, then the stored form of the rest. */
export type InvoiceData = Pick<ProviderInvoice, "subscriptionId" | "status" | "description" | "amountDue" | "amountPaid" | "currency" | "metadata"> & {
  lines: InvoiceLineData[];
  periodStart: string | null;
  periodEnd: string | null;
  created: string;
  lastError: string | null;
};

export type InvoiceItemData = {
  subscriptionId: string;
  invoiceId: string | null;
  line: InvoiceLineData;
  periodStart: string;
  periodEnd: string;
};

export type MeterEventData = { eventName: MeterEventName; value: number; identifier: string; timestamp: string };

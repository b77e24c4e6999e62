import type { SubscriptionStatus } from "./api-types";

/** JSON shapes of the admin billing API (spec 3 and 7). Dates ISO, money cents. */
export type BillingCycleView = { id: string; label: string; periodStart: string; periodEnd: string; isCurrent: boolean };

/** GET /api/admin/subscriptions items (spec 3, admin view). */
export type AdminSubscription = {
  id: string;
  /** The business account the subscription belongs to (issue 22). */
  accountId: string;
  /** That account: its name and owner, the oldest member with the role owner (AdminAccountRef, ADR 0110). */
  account: { id: string; name: string; deleted: boolean; owner: { name: string; email: string; firstName: string | null; lastName: string | null } | null };
  /** The account's owner in the older shape (name in firstName); empty when the account has no owner left. */
  user: { firstName: string | null; lastName: string | null; email: string };
  status: SubscriptionStatus;
  plan: { id: string; name: string };
  billing: "monthly" | "annual";
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Why the customer cancelled, as they wrote it in the cancel dialog (issue 23); null when not given. */
  cancellationReason: string | null;
  createdAt: string;
  stripeCustomerId: string;
  aiReadyOrder: { aiPhoneNumber: string; aiEmployeeName: string } | null;
  /** Extra units are billed at the end of each usage month without an admin (issue 13). */
  autoBillOverage: boolean;
  stripeData: {
    stripeStatus: string | null;
    daysInTrial: number;
    stripeCurrentPeriodStart: string | null;
    stripeCurrentPeriodEnd: string | null;
    stripeTrialStart: string | null;
    stripeTrialEnd: string | null;
    stripeCancelAtPeriodEnd: boolean;
    upcomingInvoice: { amount: number } | null;
    billingCycles: BillingCycleView[];
  };
};

export type PaymentPriceView = { id: string; productName: string; unitLabel: string | null; unitAmount: number };

/** GET /api/admin/stripe-prices?subscriptionId= */
export type StripePricesResponse = {
  prices: PaymentPriceView[];
  usagePriceMap: Record<"phone_inbound" | "phone_outbound" | "text_inbound" | "text_outbound", PaymentPriceView | null>;
  planContext: { planSize: string; billing: "monthly" | "annual" };
};

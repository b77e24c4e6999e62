import type { CustomerSubscription } from "@/features/billing/api-types";

/** A customer subscription view for unit tests: active monthly Medium, with the given changes. */
export function subscriptionView(over: Partial<CustomerSubscription> = {}, data: Partial<CustomerSubscription["stripeData"]> = {}): CustomerSubscription {
  return {
    id: "sub_1",
    status: "active",
    billing: "monthly",
    plan: { id: "medium", name: "Medium", monthlyPrice: 42000, annualPrice: 438000 },
    cancelAtPeriodEnd: false,
    currentPeriodEnd: "2026-06-01T00:00:00.000Z",
    trialEnd: null,
    createdAt: "2026-05-01T00:00:00.000Z",
    aiReadyOrderId: null,
    ...over,
    stripeData: { stripeStatus: "active", daysInTrial: 0, stripeTrialEnd: null, stripeCancelAtPeriodEnd: false, stripeCurrentPeriodEnd: null, upcomingInvoice: null, ...data },
  };
}

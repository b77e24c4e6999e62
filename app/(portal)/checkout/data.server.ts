import "server-only";
import { publishableKey } from "@/features/billing/payment-form/publishable-key.server";
import { parseBilling } from "@/features/portal/format";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

export type CheckoutScreenData = {
  planId: string;
  billing: ReturnType<typeof parseBilling>;
  aiEmployeeId: string;
  publishableKey: ReturnType<typeof publishableKey>;
  /** Back from a confirmation that needed a redirect (the provider adds redirect_status and setup_intent). */
  returnedSetupIntentId: string | null;
};

/** This page with its plan, billing and AI employee: where sign-in comes back to. */
export function checkoutReturnTo(params: Search): string {
  const query = new URLSearchParams();
  for (const key of ["plan", "billing", "aiEmployeeId"]) {
    const v = one(params[key]);
    if (v) query.set(key, v);
  }
  return query.size ? `/checkout?${query}` : "/checkout";
}

/** /checkout reads only its address (no database): spec 2, plan defaults to small, billing to monthly, aiEmployeeId to empty. */
export function loadCheckoutScreen(params: Search): CheckoutScreenData {
  return {
    planId: one(params.plan) || "small",
    billing: parseBilling(one(params.billing)),
    aiEmployeeId: one(params.aiEmployeeId) ?? "",
    publishableKey: publishableKey(),
    returnedSetupIntentId: one(params.redirect_status) === "succeeded" ? (one(params.setup_intent) ?? null) : null,
  };
}

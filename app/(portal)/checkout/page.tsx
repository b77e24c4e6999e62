import type { Metadata } from "next";
import { pageAccess } from "@/features/auth/page-access.server";
import { publishableKey } from "@/features/billing/payment-form/publishable-key.server";
import { CheckoutPage } from "@/features/portal/checkout/checkout-page";
import { parseBilling } from "@/features/portal/format";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Checkout" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  // Spec 2: plan defaults to small, billing to monthly, aiEmployeeId to empty.
  const plan = one(params.plan) || "small";
  const billing = parseBilling(one(params.billing));
  const aiEmployeeId = one(params.aiEmployeeId) ?? "";
  // Back from a confirmation that needed a redirect (the provider adds these two).
  const returnedSetupIntentId = one(params.redirect_status) === "succeeded" ? (one(params.setup_intent) ?? null) : null;
  const query = new URLSearchParams();
  for (const key of ["plan", "billing", "aiEmployeeId"]) {
    const v = one(params[key]);
    if (v) query.set(key, v);
  }
  const returnTo = query.size ? `/checkout?${query}` : "/checkout";
  const access = await pageAccess({ returnTo, permission: "billing.manage", loginNotice: { title: "Authentication Required", description: "Please log in to start your subscription." } });
  if (!access.ok) return access.element;
  return (
    <CheckoutPage key={`${plan}-${billing}-${aiEmployeeId}`} planId={plan} billing={billing} aiEmployeeId={aiEmployeeId} publishableKey={publishableKey()} returnedSetupIntentId={returnedSetupIntentId} />
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

import type { Metadata } from "next";
import { pageAccess } from "@/features/auth/page-access.server";
import { publishableKey } from "@/features/billing/payment-form/publishable-key.server";
import { parseBilling } from "@/features/portal/format";
import { SubscribePage } from "@/features/portal/subscribe/subscribe-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Subscribe" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const plan = one(params.plan) ?? "";
  const billing = parseBilling(one(params.billing));
  // Back from a confirmation that needed a redirect (the provider adds these two).
  const returnedSetupIntentId = one(params.redirect_status) === "succeeded" ? (one(params.setup_intent) ?? null) : null;
  const query = new URLSearchParams();
  if (plan) query.set("plan", plan);
  if (one(params.billing)) query.set("billing", billing);
  const returnTo = query.size ? `/subscribe?${query}` : "/subscribe";
  const access = await pageAccess({ returnTo, permission: "billing.manage", loginNotice: { title: "Authentication Required", description: "Please log in to subscribe to a plan" } });
  if (!access.ok) return access.element;
  return <SubscribePage key={`${plan}-${billing}`} planId={plan} billing={billing} publishableKey={publishableKey()} returnedSetupIntentId={returnedSetupIntentId} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

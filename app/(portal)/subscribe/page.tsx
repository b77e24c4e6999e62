import type { Metadata } from "next";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { publishableKey } from "@/features/billing/payment-form/publishable-key.server";
import { parseBilling } from "@/features/portal/format";
import { SubscribePage } from "@/features/portal/subscribe/subscribe-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Subscribe" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await getCurrentUser();
  const params = await searchParams;
  const plan = one(params.plan) ?? "";
  const billing = parseBilling(one(params.billing));
  if (!user) {
    const query = new URLSearchParams();
    if (plan) query.set("plan", plan);
    if (one(params.billing)) query.set("billing", billing);
    const returnTo = query.size ? `/subscribe?${query}` : "/subscribe";
    return <RedirectToLogin returnTo={returnTo} delayMs={1000} notice={{ title: "Authentication Required", description: "Please log in to subscribe to a plan" }} />;
  }
  return <SubscribePage key={`${plan}-${billing}`} planId={plan} billing={billing} publishableKey={publishableKey()} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

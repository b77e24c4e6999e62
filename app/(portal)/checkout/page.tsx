import type { Metadata } from "next";
import { requirePermission } from "@/features/auth/guards.server";
import { CheckoutPage } from "@/features/portal/checkout/checkout-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { checkoutReturnTo, loadCheckoutScreen } from "./data.server";

export const metadata: Metadata = { title: "Checkout" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const access = await requirePermission("billing.manage", {
    returnTo: checkoutReturnTo(params),
    notice: { title: "Authentication Required", description: "Please log in to start your subscription." },
  });
  if (!access.ok) return access.element;
  const data = loadCheckoutScreen(params);
  return <CheckoutPage key={`${data.planId}-${data.billing}-${data.aiEmployeeId}`} {...data} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

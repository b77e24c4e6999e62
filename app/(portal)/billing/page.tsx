import type { Metadata } from "next";
import { pageAccess } from "@/features/auth/page-access.server";
import { freeTrialAvailable } from "@/features/billing/free-trial.server";
import { BillingPage } from "@/features/portal/billing/billing-page";
import { parseTab, returnNotice } from "@/features/portal/billing/return-notice";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Billing & Account" };

async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await pageAccess({ returnTo: "/billing", permission: "billing.read", loginNotice: { title: "Authentication Required", description: "Please log in to access billing information" } });
  if (!access.ok) return access.element;
  const params = await searchParams;
  const get = (key: string) => (typeof params[key] === "string" ? params[key] : null);
  return <BillingPage initialTab={parseTab(get("tab"))} notice={returnNotice({ get })} freeTrial={await freeTrialAvailable(access.account.id)} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

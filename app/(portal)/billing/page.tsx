import type { Metadata } from "next";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { freeTrialAvailable } from "@/features/billing/free-trial.server";
import { BillingPage } from "@/features/portal/billing/billing-page";
import { parseTab, returnNotice } from "@/features/portal/billing/return-notice";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Billing & Account" };

async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo="/billing" delayMs={1000} notice={{ title: "Authentication Required", description: "Please log in to access billing information" }} />;
  const params = await searchParams;
  const get = (key: string) => (typeof params[key] === "string" ? params[key] : null);
  return <BillingPage initialTab={parseTab(get("tab"))} notice={returnNotice({ get })} freeTrial={await freeTrialAvailable(user.id)} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

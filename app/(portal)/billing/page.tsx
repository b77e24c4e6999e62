import type { Metadata } from "next";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { BillingPage, returnNotice, type BillingTab } from "@/features/portal/billing/billing-page";

export const metadata: Metadata = { title: "Billing & Account" };

const TABS = new Set<string>(["ai-ready", "overview", "billing"]);

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo="/billing" delayMs={1000} notice={{ title: "Authentication Required", description: "Please log in to access billing information" }} />;
  const params = await searchParams;
  const get = (key: string) => (typeof params[key] === "string" ? params[key] : null);
  const tab = get("tab");
  const initialTab = tab && TABS.has(tab) ? (tab as BillingTab) : null;
  return <BillingPage initialTab={initialTab} notice={returnNotice({ get })} />;
}

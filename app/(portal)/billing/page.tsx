import type { Metadata } from "next";
import { requirePermission } from "@/features/auth/guards.server";
import { BillingPage } from "@/features/portal/billing/billing-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadBillingScreen } from "./data.server";

export const metadata: Metadata = { title: "Billing & Account" };

async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requirePermission("billing.read", { returnTo: "/billing", notice: { title: "Authentication Required", description: "Please log in to access billing information" } });
  if (!access.ok) return access.element;
  return <BillingPage {...await loadBillingScreen(access, await searchParams)} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

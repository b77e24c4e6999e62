import type { Metadata } from "next";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { DashboardPage } from "@/features/portal/dashboard/dashboard-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Dashboard" };

async function Page() {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo="/dashboard" delayMs={500} notice={{ title: "Unauthorized", description: "You are logged out. Logging in again..." }} />;
  return <DashboardPage />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

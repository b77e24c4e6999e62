import type { Metadata } from "next";
import { requireAdmin } from "@/features/auth/guards.server";
import { SpamReportsScreen } from "@/features/admin/components/spam-reports-screen";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadSpamReportsScreen } from "./data.server";

export const metadata: Metadata = { title: "Spam reports" };

/**
 * /admin/spam-reports: spam reports past a month's self-service credit, waiting for an admin's decision (ADR 0105).
 * A database too slow for this page answers the busy page (503, Retry-After; ADR 0105).
 */
export default busyOnTimeoutPage(async function Page() {
  const access = await requireAdmin("/admin/spam-reports");
  if (!access.ok) return access.element;
  return <SpamReportsScreen {...await loadSpamReportsScreen()} />;
});

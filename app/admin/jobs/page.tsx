import type { Metadata } from "next";
import { requireAdmin } from "@/features/auth/guards.server";
import { JobsScreen } from "@/features/admin/components/jobs-screen";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadJobsScreen } from "./data.server";

export const metadata: Metadata = { title: "Jobs" };

/**
 * /admin/jobs: durable jobs that failed every attempt ("dead"), newest first, each with a Retry button (admins only).
 * A database too slow for this page answers the busy page (503, Retry-After; ADR 0105).
 */
export default busyOnTimeoutPage(async function Page() {
  const access = await requireAdmin("/admin/jobs");
  if (!access.ok) return access.element;
  return <JobsScreen {...await loadJobsScreen()} />;
});

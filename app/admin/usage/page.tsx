import type { Metadata } from "next";
import { AdminToolPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { UsageManagement } from "@/features/usage/components/usage-management";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Usage Management" };

async function Page() {
  const access = await requireAdmin("/admin/usage");
  if (!access.ok) return access.element;
  return (
    <AdminToolPage title="Usage Management" intro="Record usage for customer subscriptions.">
      <div className="mt-6">
        <UsageManagement />
      </div>
    </AdminToolPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

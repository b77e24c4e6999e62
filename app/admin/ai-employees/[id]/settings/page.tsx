import type { Metadata } from "next";
import { AdminSubPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { SettingsPage } from "@/features/ai-settings/components/settings-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "AI employee settings" };
export const dynamic = "force-dynamic";

/** /admin/ai-employees/{id}/settings (issue 24): an operator admin edits any AI employee's settings; the history shows "operator". */
async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = `/admin/ai-employees/${encodeURIComponent(id)}/settings`;
  const access = await requireAdmin(returnTo);
  if (!access.ok) return access.element;
  return (
    <AdminSubPage back={{ href: "/admin?tab=ai-ready-orders", label: "Manage Orders" }}>
      <div className="mt-2">
        <SettingsPage apiBase={`/api/admin/ai-employees/${encodeURIComponent(id)}`} area="admin" returnTo={returnTo} />
      </div>
    </AdminSubPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

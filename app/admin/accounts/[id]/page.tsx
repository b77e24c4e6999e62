import type { Metadata } from "next";
import { AdminSubPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { AccountView } from "@/features/admin-accounts/components/account-view";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadAdminAccountScreen } from "./data.server";

export const metadata: Metadata = { title: "Business account" };
export const dynamic = "force-dynamic";

/** /admin/accounts/[id]: one business account for support, read-only (issue 22, ADR 0110); 404 for an unknown id. */
async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireAdmin(`/admin/accounts/${encodeURIComponent(id)}`);
  if (!access.ok) return access.element;
  const { account } = await loadAdminAccountScreen(id);
  return (
    <AdminSubPage title={account.name}>
      <AccountView account={account} />
    </AdminSubPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

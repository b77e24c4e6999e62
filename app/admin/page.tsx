import { getCurrentUser } from "@/features/auth/current-user.server";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { AccessDenied } from "@/features/auth/components/access-denied";
import { AdminConsole } from "@/features/admin/components/admin-console";
import { parseAdminTab } from "@/features/admin/tabs";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { config } from "@/lib/config";

async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await getCurrentUser();
  if (!user) return <RedirectToLogin returnTo="/admin" delayMs={500} />;
  if (user.role !== "admin") return <AccessDenied />;
  const { tab } = await searchParams;
  return <AdminConsole initialTab={parseAdminTab(tab)} firstName={user.firstName} testTools={config().ENABLE_TEST_TOOLS} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

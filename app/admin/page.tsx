import { requireAdmin } from "@/features/auth/guards.server";
import { AdminConsole } from "@/features/admin/components/admin-console";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadConsoleScreen } from "./data.server";

async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireAdmin("/admin");
  if (!access.ok) return access.element;
  return <AdminConsole {...loadConsoleScreen(access, await searchParams)} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

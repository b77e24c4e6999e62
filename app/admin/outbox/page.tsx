import type { Metadata } from "next";
import { requireAdmin } from "@/features/auth/guards.server";
import { OutboxScreen } from "@/features/admin/components/outbox-screen";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadOutboxScreen } from "./data.server";

export const metadata: Metadata = { title: "E-mail outbox" };

/**
 * /admin/outbox: every e-mail the product sent or stored, newest first (admins only).
 * A database too slow for this page answers the busy page (503, Retry-After; ADR 0105).
 */
export default busyOnTimeoutPage(async function Page() {
  const access = await requireAdmin("/admin/outbox");
  if (!access.ok) return access.element;
  return <OutboxScreen {...await loadOutboxScreen()} />;
});

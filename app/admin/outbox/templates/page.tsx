import type { Metadata } from "next";
import { requireAdmin } from "@/features/auth/guards.server";
import { EmailTemplatesScreen } from "@/features/admin/components/email-templates-screen";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadTemplatesScreen } from "./data.server";

export const metadata: Metadata = { title: "E-mail templates" };

/**
 * /admin/outbox/templates: every e-mail template rendered with sample data, both parts as they are sent (admins only).
 * A database too slow for this page answers the busy page (503, Retry-After; ADR 0105).
 */
export default busyOnTimeoutPage(async function Page() {
  const access = await requireAdmin("/admin/outbox/templates");
  if (!access.ok) return access.element;
  return <EmailTemplatesScreen {...await loadTemplatesScreen()} />;
});

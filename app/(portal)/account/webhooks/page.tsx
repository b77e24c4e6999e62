import type { Metadata } from "next";
import { requirePermission } from "@/features/auth/guards.server";
import { WebhooksPage } from "@/features/webhooks/components/webhooks-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadWebhooksScreen } from "./data.server";

export const metadata: Metadata = { title: "Webhooks" };

/**
 * /account/webhooks (issue 25): the account's outbound webhook endpoints, for
 * owners and managers (integrations.manage). The list is read here and
 * rendered on the server; the page changes it through the API.
 */
async function Page() {
  const access = await requirePermission("integrations.manage", { returnTo: "/account/webhooks", notice: { title: "Authentication Required", description: "Please log in to manage your webhooks" } });
  if (!access.ok) return access.element;
  return <WebhooksPage {...await loadWebhooksScreen(access)} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

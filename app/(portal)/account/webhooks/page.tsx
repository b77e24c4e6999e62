import type { Metadata } from "next";
import { pageAccess } from "@/features/auth/page-access.server";
import { listEndpoints } from "@/features/webhooks/endpoints.server";
import { WebhooksPage } from "@/features/webhooks/components/webhooks-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Webhooks" };

/**
 * /account/webhooks (issue 25): the account's outbound webhook endpoints, for
 * owners and managers (integrations.manage). The list is read here and
 * rendered on the server; the page changes it through the API.
 */
async function Page() {
  const access = await pageAccess({ returnTo: "/account/webhooks", permission: "integrations.manage", loginNotice: { title: "Authentication Required", description: "Please log in to manage your webhooks" } });
  if (!access.ok) return access.element;
  const { items } = await listEndpoints(access.account.id);
  return <WebhooksPage initial={items} timeZone={access.account.timeZone} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

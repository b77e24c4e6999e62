import "server-only";
import type { PortalUser } from "@/features/auth/guards.server";
import { listEndpoints } from "@/features/webhooks/endpoints.server";

export type WebhooksScreenData = { initial: Awaited<ReturnType<typeof listEndpoints>>["items"]; timeZone: string };

/** /account/webhooks: the account's endpoints, rendered on the server; the page changes them through the API. */
export async function loadWebhooksScreen({ account }: PortalUser): Promise<WebhooksScreenData> {
  const { items } = await listEndpoints(account.id);
  return { initial: items, timeZone: account.timeZone };
}

import "server-only";
import type { DeliveryView } from "./endpoint.schema";
import { ownedEndpoint } from "./endpoints.server";

/**
 * STUB (webhook endpoints API helper): the delivery log is built by the
 * webhooks-engine helper, whose version of this file replaces this one.
 */

/** GET /api/webhook-endpoints/{id}/deliveries: the endpoint's deliveries, newest first, a page at a time (404 for another account's endpoint). */
export async function listDeliveries(accountId: string, endpointId: string, page: { limit: number; cursor?: string | null }): Promise<{ items: DeliveryView[]; nextCursor: string | null }> {
  await ownedEndpoint(accountId, endpointId);
  void page;
  return { items: [], nextCursor: null };
}

import { route } from "@/features/auth/route.server";
import { readQuery } from "@/lib/http/route";
import { deliveriesQuerySchema } from "@/features/webhooks/deliveries-query.schema";
import { listDeliveries } from "@/features/webhooks/deliveries.server";

/** GET /api/webhook-endpoints/{id}/deliveries?limit&cursor: the endpoint's deliveries, newest first: `{ items, nextCursor }`. */
export const GET = route<"user", { id: string }>({ permission: "integrations.manage" }, async ({ req, account, params }) => {
  const { limit, cursor } = readQuery(req, deliveriesQuerySchema);
  return Response.json(await listDeliveries(account.id, params.id, { limit, cursor: cursor ?? null }));
});

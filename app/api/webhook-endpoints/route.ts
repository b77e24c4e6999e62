import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { endpointCreateSchema } from "@/features/webhooks/endpoint.schema";
import { createEndpoint, listEndpoints } from "@/features/webhooks/endpoints.server";

/** GET /api/webhook-endpoints: the account's webhook endpoints, oldest first: `{ items }` (issue 25). */
export const GET = route({ permission: "integrations.manage" }, async ({ account }) => Response.json(await listEndpoints(account.id)));

/** POST /api/webhook-endpoints: a new endpoint (201) with its signing secret, shown this once; at most 10 per account (409). */
export const POST = route({ permission: "integrations.manage" }, async ({ req, account, user }) => {
  const body = await readJson(req, endpointCreateSchema);
  return Response.json(await createEndpoint(account.id, body, { id: user.id, email: user.email }), { status: 201 });
});

import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { endpointPatchSchema } from "@/features/webhooks/endpoint.schema";
import { deleteEndpoint, ownedEndpoint, updateEndpoint } from "@/features/webhooks/endpoints.server";

type Params = { id: string };

/** PATCH /api/webhook-endpoints/{id}: url, description, eventTypes or enabled; turning it on again clears why it was turned off. */
export const PATCH = route<"user", Params>({ permission: "integrations.manage" }, async ({ req, account, params }) => {
  // Another account's id answers 404 before anything about the body is said.
  await ownedEndpoint(account.id, params.id);
  const patch = await readJson(req, endpointPatchSchema);
  return Response.json(await updateEndpoint(account.id, params.id, patch));
});

/** DELETE /api/webhook-endpoints/{id}: the endpoint and its delivery log (204). */
export const DELETE = route<"user", Params>({ permission: "integrations.manage" }, async ({ account, user, params }) => {
  await deleteEndpoint(account.id, params.id, { id: user.id, email: user.email });
  return new Response(null, { status: 204 });
});

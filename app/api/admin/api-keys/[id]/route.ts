import { route } from "@/features/auth/route.server";
import { revokeApiKey } from "@/features/interactions/api-keys.server";

/** DELETE /api/admin/api-keys/{id}: revokes the key; its next request gets 401. */
export const DELETE = route<"admin", { id: string }>({ access: "admin" }, async ({ params, user, log }) => {
  const key = await revokeApiKey(params.id, user.id);
  log.info({ apiKeyId: key.id, by: user.id }, "API key revoked");
  return Response.json(key);
});

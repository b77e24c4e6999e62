import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { z } from "@/lib/zod";
import { createApiKey, listApiKeys } from "@/features/interactions/api-keys.server";

/** GET /api/admin/api-keys: the ingestion API keys, newest first (never the key itself). */
export const GET = route({ access: "admin" }, async () => Response.json(await listApiKeys()));

/** POST /api/admin/api-keys {name}: 201 {id, name, key}; the key is shown this once. */
export const POST = route({ access: "admin" }, async ({ req, user, log }) => {
  const { name } = await readJson(req, z.object({ name: z.unknown() }));
  const created = await createApiKey(name, user.id);
  log.info({ apiKeyId: created.id, by: user.id }, "API key created");
  return Response.json(created, { status: 201 });
});

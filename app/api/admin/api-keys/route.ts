import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { z } from "@/lib/zod";
import { createApiKey, listApiKeys } from "@/features/interactions/api-keys.server";

/** GET /api/admin/api-keys: the ingestion API keys with their scopes, newest first (never the key itself). */
export const GET = route({ access: "admin" }, async () => Response.json(await listApiKeys()));

/**
 * POST /api/admin/api-keys {name, scope?: "platform" | "customer", platform?, customerEmail?}:
 * 201 {id, name, key, scope, platform, customerEmail}; the key is shown this once (issue 21: scopes).
 */
export const POST = route({ access: "admin" }, async ({ req, user, log }) => {
  const input = await readJson(req, z.object({ name: z.unknown(), scope: z.unknown().optional(), platform: z.unknown().optional(), customerEmail: z.unknown().optional() }));
  const created = await createApiKey(input, user.id);
  log.info({ apiKeyId: created.id, scope: created.scope, platform: created.platform, by: user.id }, "API key created");
  return Response.json(created, { status: 201 });
});

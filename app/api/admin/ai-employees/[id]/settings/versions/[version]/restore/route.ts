import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { operatorActor } from "@/features/ai-settings/actor.server";
import { aiEmployeeFor } from "@/features/ai-settings/settings.server";
import { restoreSchema } from "@/features/ai-settings/settings.schema";
import { parseVersion, restoreVersion } from "@/features/ai-settings/versions.server";

/** POST /api/admin/ai-employees/{id}/settings/versions/{version}/restore [{baseVersion}]: a new version (author "operator") with that version's document. */
export const POST = route<"admin", { id: string; version: string }>({ access: "admin" }, async ({ req, user, params }) => {
  const actor = operatorActor(user, req);
  await aiEmployeeFor(actor, params.id);
  const version = parseVersion(params.version);
  const body = await readJson(req, restoreSchema);
  return Response.json(await restoreVersion(params.id, version, actor, body.baseVersion));
});

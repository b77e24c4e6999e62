import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { applySpendLimitAfterSave } from "@/features/interactions/spend-limit-check.server";
import { operatorActor } from "@/features/ai-settings/actor.server";
import { aiEmployeeFor, getSettings } from "@/features/ai-settings/settings.server";
import { restoreSchema } from "@/features/ai-settings/settings.schema";
import { parseVersion, restoreVersion } from "@/features/ai-settings/versions.server";

/** POST /api/admin/ai-employees/{id}/settings/versions/{version}/restore [{baseVersion}]: a new version (author "operator") with that version's document. */
export const POST = route<"admin", { id: string; version: string }>({ access: "admin" }, async ({ req, user, params }) => {
  const actor = operatorActor(user, req);
  await aiEmployeeFor(actor, params.id);
  const version = parseVersion(params.version);
  const body = await readJson(req, restoreSchema);
  // A changed spend limit applies at once (a raised one answers normally again).
  return Response.json(await applySpendLimitAfterSave(params.id, await restoreVersion(params.id, version, actor, body.baseVersion), () => getSettings(params.id, actor)));
});

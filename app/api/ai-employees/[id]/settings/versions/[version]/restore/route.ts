import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { applySpendLimitAfterSave } from "@/features/interactions/spend-limit-check.server";
import { memberActor } from "@/features/ai-settings/actor.server";
import { aiEmployeeFor, getSettings } from "@/features/ai-settings/settings.server";
import { restoreSchema } from "@/features/ai-settings/settings.schema";
import { parseVersion, restoreVersion } from "@/features/ai-settings/versions.server";

/** POST /api/ai-employees/{id}/settings/versions/{version}/restore [{baseVersion}]: a new version with that version's document. */
export const POST = route<"user", { id: string; version: string }>({ permission: "settings.edit" }, async ({ req, user, account, params }) => {
  const actor = memberActor(user, account, req);
  await aiEmployeeFor(actor, params.id);
  const version = parseVersion(params.version);
  const body = await readJson(req, restoreSchema);
  // A changed spend limit applies at once (a raised one answers normally again).
  return Response.json(await applySpendLimitAfterSave(params.id, await restoreVersion(params.id, version, actor, body.baseVersion), () => getSettings(params.id, actor)));
});

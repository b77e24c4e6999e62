import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { applySpendLimitAfterSave } from "@/features/interactions/spend-limit-check.server";
import { memberActor } from "@/features/ai-settings/actor.server";
import { aiEmployeeFor, getSettings, saveSettings, SETTINGS_BODY_LIMIT, settingsProblem } from "@/features/ai-settings/settings.server";
import { saveSettingsSchema } from "@/features/ai-settings/settings.schema";

type P = { id: string };

/** GET /api/ai-employees/{id}/settings: the current version (version 1 from the defaults is made the first time). */
export const GET = route<"user", P>({ permission: "settings.read" }, async ({ req, user, account, params }) => Response.json(await getSettings(params.id, memberActor(user, account, req))));

/** PUT /api/ai-employees/{id}/settings {baseVersion, settings}: a new version; 409 when baseVersion is not the current one. */
export const PUT = route<"user", P>({ permission: "settings.edit", maxBodyBytes: SETTINGS_BODY_LIMIT }, async ({ req, user, account, params }) => {
  const actor = memberActor(user, account, req);
  // Another account's id answers 404 before anything about the body is said.
  await aiEmployeeFor(actor, params.id);
  const body = await readJson(req, saveSettingsSchema, settingsProblem);
  // A changed spend limit applies at once (a raised one answers normally again).
  return Response.json(await applySpendLimitAfterSave(params.id, await saveSettings(params.id, body, actor), () => getSettings(params.id, actor)));
});

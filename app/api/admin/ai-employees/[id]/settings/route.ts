import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { applySpendLimitAfterSave } from "@/features/interactions/spend-limit-check.server";
import { operatorActor } from "@/features/ai-settings/actor.server";
import { aiEmployeeFor, getSettings, saveSettings, SETTINGS_BODY_LIMIT, settingsProblem } from "@/features/ai-settings/settings.server";
import { saveSettingsSchema } from "@/features/ai-settings/settings.schema";

type P = { id: string };

/** GET /api/admin/ai-employees/{id}/settings: any AI employee's current settings, for the operator's console. */
export const GET = route<"admin", P>({ access: "admin" }, async ({ req, user, params }) => Response.json(await getSettings(params.id, operatorActor(user, req))));

/** PUT /api/admin/ai-employees/{id}/settings {baseVersion, settings}: a new version authored "operator"; 409 when stale. */
export const PUT = route<"admin", P>({ access: "admin", maxBodyBytes: SETTINGS_BODY_LIMIT }, async ({ req, user, params }) => {
  const actor = operatorActor(user, req);
  await aiEmployeeFor(actor, params.id);
  const body = await readJson(req, saveSettingsSchema, settingsProblem);
  // A changed spend limit applies at once (a raised one answers normally again).
  return Response.json(await applySpendLimitAfterSave(params.id, await saveSettings(params.id, body, actor), () => getSettings(params.id, actor)));
});

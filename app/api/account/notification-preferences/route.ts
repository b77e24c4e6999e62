import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { preferencesBodySchema } from "@/features/call-alerts/rule.schema";
import { memberPreferences, putMemberPreferences } from "@/features/call-alerts/preferences.server";

/** GET /api/account/notification-preferences (issue 25): the rules that name the caller, whether each reaches them, and their daily summary. */
export const GET = route({ permission: "calls.read" }, async ({ user, account }) => Response.json(await memberPreferences({ accountId: account.id, userId: user.id, email: user.email })));

/** PUT /api/account/notification-preferences: turn rules on or off for oneself; the daily summary choices. */
export const PUT = route({ permission: "calls.read" }, async ({ req, user, account }) => {
  const body = await readJson(req, preferencesBodySchema);
  return Response.json(await putMemberPreferences({ accountId: account.id, userId: user.id, email: user.email }, body));
});

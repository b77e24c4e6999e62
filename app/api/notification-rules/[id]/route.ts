import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { deleteRule, patchRule, rulePatchSchema } from "@/features/call-alerts/rules.server";

type Params = { id: string };

/** PATCH /api/notification-rules/{id} (issue 25): any of the rule's fields; the result is checked as a whole. Another account's rule: 404. */
export const PATCH = route<"user", Params>({ permission: "integrations.manage" }, async ({ req, account, params }) => {
  const patch = await readJson(req, rulePatchSchema);
  return Response.json(await patchRule(account, params.id, patch));
});

/** DELETE /api/notification-rules/{id}: 204. */
export const DELETE = route<"user", Params>({ permission: "integrations.manage" }, async ({ account, params }) => {
  await deleteRule(account.id, params.id);
  return new Response(null, { status: 204 });
});

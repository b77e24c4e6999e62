import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { ruleBodySchema } from "@/features/call-alerts/rule.schema";
import { createRule, rulesPage } from "@/features/call-alerts/rules.server";

/** GET /api/notification-rules (issue 25): the account's rules, its members who may view calls, and its AI employees. */
export const GET = route({ permission: "integrations.manage" }, async ({ account }) => Response.json(await rulesPage(account.id)));

/** POST /api/notification-rules: a new rule (201); at most 20 per account (409). */
export const POST = route({ permission: "integrations.manage" }, async ({ req, account }) => {
  const body = await readJson(req, ruleBodySchema);
  return Response.json(await createRule(account, body), { status: 201 });
});

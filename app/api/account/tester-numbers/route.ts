import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { getProvider } from "@/features/billing/provider";
import { getTesterNumbers, putTesterNumbers, testerNumbersBody } from "@/features/ai-settings/testers.server";

/** GET /api/account/tester-numbers: the account's tester numbers and this month's free test calls (issue 24). */
export const GET = route({ permission: "settings.read" }, async ({ account }) => Response.json(await getTesterNumbers(account.id, await (await getProvider()).now())));

/** PUT /api/account/tester-numbers: body `{ numbers: string[] }`, at most five, each stored in E.164; an invalid one is refused by its position. */
export const PUT = route({ permission: "settings.edit" }, async ({ req, account }) => {
  const { numbers } = await readJson(req, testerNumbersBody);
  return Response.json(await putTesterNumbers(account.id, numbers, await (await getProvider()).now()));
});

import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { z } from "@/lib/zod";
import { setAutoBillOverage } from "@/features/overage/auto-bill.server";

/** PUT /api/admin/subscriptions/{id}/auto-bill-overage {enabled}: bill extra units at the end of each usage month (issue 13). */
export const PUT = route<"admin", { id: string }>({ access: "admin" }, async ({ req, params, user, log }) => {
  const { enabled } = await readJson(req, z.object({ enabled: z.boolean({ message: "enabled must be true or false" }) }));
  const result = await setAutoBillOverage(params.id, enabled);
  log.info({ subscriptionId: params.id, enabled, by: user.id }, "automatic overage billing set");
  return Response.json(result);
});

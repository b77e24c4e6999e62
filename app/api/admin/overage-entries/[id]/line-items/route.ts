import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { addLineItem } from "@/features/overage/overage.server";
import { lineItemSchema } from "@/features/overage/overage.schema";

export const POST = route<"admin", { id: string }>({ access: "admin" }, async ({ req, params }) => {
  const item = await readJson(req, lineItemSchema);
  return Response.json(await addLineItem(params.id, item), { status: 201 });
});

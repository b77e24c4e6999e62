import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { testEventSchema } from "@/features/webhooks/endpoint.schema";
import { sendTestEvent } from "@/features/webhooks/delivery.server";
import { ownedEndpoint } from "@/features/webhooks/endpoints.server";

/** POST /api/webhook-endpoints/{id}/test: "Send test event": a sample event of `type` to this endpoint only (201, its delivery). */
export const POST = route<"user", { id: string }>({ permission: "integrations.manage" }, async ({ req, account, params }) => {
  // Another account's id answers 404 before anything about the body is said.
  await ownedEndpoint(account.id, params.id);
  const { type } = await readJson(req, testEventSchema);
  return Response.json(await sendTestEvent(account.id, params.id, type), { status: 201 });
});

import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { recordUsage } from "@/features/usage/usage.server";
import { usagePayloadSchema, type AddUsageResponse } from "@/features/usage/usage.schema";

/** Records usage locally with a durable job that reports it to the provider. */
export const POST = route({ access: "admin" }, async ({ req, user }) => {
  const payload = await readJson(req, usagePayloadSchema);
  const usageRecord = await recordUsage(payload, user.id);
  const body: AddUsageResponse = { success: true, message: "Usage recorded. It is reported to the payment provider in the background.", usageRecord };
  return Response.json(body, { status: 201 });
});

import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { isReported, recordUsage, waitUntil } from "@/features/usage/usage.server";
import { usagePayloadSchema, type AddUsageResponse } from "@/features/usage/usage.schema";

/**
 * Reports meter usage to the provider. Goes through the same durable record
 * + job as add-usage (so nothing is lost or counted twice) and waits briefly
 * for the report, answering whether it already reached the provider.
 */
export const POST = route({ access: "admin" }, async ({ req, user }) => {
  const payload = await readJson(req, usagePayloadSchema);
  const usageRecord = await recordUsage(payload, user.id);
  const reported = await waitUntil(() => isReported(usageRecord.id), 3000);
  const body: AddUsageResponse = {
    success: true,
    message: reported ? "Meter usage reported to the payment provider." : "Meter usage recorded; it is reported to the payment provider as soon as it is reachable.",
    usageRecord: { ...usageRecord, reported },
  };
  return Response.json(body, { status: reported ? 201 : 202 });
});

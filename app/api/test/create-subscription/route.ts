import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { createTestSubscription, requireTestTools } from "@/features/test-tools/test-tools.server";
import { createTestSubscriptionSchema } from "@/features/test-tools/test-tools.schema";

/** Admin-only test tool; 404 unless ENABLE_TEST_TOOLS is on. */
export const POST = route({ access: "admin" }, async ({ req }) => {
  requireTestTools();
  const result = await createTestSubscription(await readJson(req, createTestSubscriptionSchema));
  return Response.json(result.body, { status: result.status });
});

import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { chargeTestMeterUsage, requireTestTools } from "@/features/test-tools/test-tools.server";
import { meterUsageSchema } from "@/features/test-tools/test-tools.schema";

/** Admin-only test tool; 404 unless ENABLE_TEST_TOOLS is on. */
export const POST = route({ access: "admin" }, async ({ req }) => {
  requireTestTools();
  const result = await chargeTestMeterUsage(await readJson(req, meterUsageSchema));
  return Response.json(result.body, { status: result.status });
});

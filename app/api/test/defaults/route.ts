import { route } from "@/features/auth/route.server";
import { requireTestTools, testToolDefaults } from "@/features/test-tools/test-tools.server";

/** The configured test ids the Test tab starts with; 404 unless ENABLE_TEST_TOOLS is on. */
export const GET = route({ access: "admin" }, async () => {
  requireTestTools();
  return Response.json(testToolDefaults());
});

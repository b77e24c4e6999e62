import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { sandboxClockBody } from "@/features/billing/billing.schema";
import { advanceClockAndSync, sandboxClockState } from "@/features/billing/sandbox/sandbox-actions.server";

/** The sandbox clock (admin, sandbox only): current sandbox time and offset. */
export const GET = route({ access: "admin" }, async () => Response.json(await sandboxClockState()));

/** Moves the sandbox clock forward by {days} and syncs every sandbox customer. */
export const POST = route({ access: "admin" }, async ({ req }) => {
  const { days } = await readJson(req, sandboxClockBody);
  return Response.json(await advanceClockAndSync(days));
});

import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { notFound } from "@/lib/http/errors";
import { sandboxConfirmBody } from "@/features/billing/billing.schema";
import { confirmSandboxSetup } from "@/features/billing/sandbox/sandbox-actions.server";

/**
 * The sandbox's stand-in for the provider's client-side confirmSetup: 4242…
 * succeeds, 4000 0000 0000 0002 is declined with the provider's message
 * (200 with status requires_payment_method and lastError). Only the business
 * account owning the setup intent may confirm it; 404 when the sandbox is not active.
 */
export const POST = route({ permission: "billing.manage" }, async ({ req, account }) => {
  const body = await readJson(req, sandboxConfirmBody);
  const setupIntent = await confirmSandboxSetup(account.id, body);
  if (!setupIntent) throw notFound("No such setup intent");
  return Response.json({ setupIntent });
});

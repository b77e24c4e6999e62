import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { paymentSetupConfirmedBody } from "@/features/billing/billing.schema";
import { adoptConfirmedCard } from "@/features/billing/subscriptions.server";

/** The card form confirmed a setup intent of the caller: its card becomes the default (ADR 0089). */
export const POST = route({ permission: "billing.manage" }, async ({ req, account }) => {
  const body = await readJson(req, paymentSetupConfirmedBody);
  await adoptConfirmedCard({ accountId: account.id }, body.setupIntentId);
  return Response.json({ success: true });
});

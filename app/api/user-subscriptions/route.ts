import { route } from "@/features/auth/route.server";
import { accountSubscriptions } from "@/features/billing/views.server";

/** The caller's account's subscriptions (CustomerSubscription[]), newest first. */
export const GET = route({ permission: "billing.read" }, async ({ account }) => {
  return Response.json(await accountSubscriptions(account.id));
});

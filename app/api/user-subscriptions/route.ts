import { route } from "@/features/auth/route.server";
import { userSubscriptions } from "@/features/billing/views.server";

/** The caller's subscriptions (CustomerSubscription[]), newest first. */
export const GET = route({ access: "user" }, async ({ user }) => {
  return Response.json(await userSubscriptions(user.id));
});

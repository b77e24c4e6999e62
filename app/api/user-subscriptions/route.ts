import { route } from "@/features/auth/route.server";
import { freshenForRead, userSubscriptions } from "@/features/billing/views.server";

/** The caller's subscriptions (CustomerSubscription[]), newest first. */
export const GET = route({ access: "user" }, async ({ user }) => {
  await freshenForRead(user.id);
  return Response.json(await userSubscriptions(user.id));
});

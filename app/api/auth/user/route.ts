import { route } from "@/features/auth/route.server";
import { subscriptionSummary } from "@/features/usage/subscription-summary.server";

/** The signed-in user with the subscription summary (spec 3); 401 when anonymous. */
export const GET = route({ access: "user" }, async ({ user }) => {
  return Response.json({
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    subscription: await subscriptionSummary(user.id),
  });
});

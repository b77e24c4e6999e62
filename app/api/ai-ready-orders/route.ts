import { route } from "@/features/auth/route.server";
import { userOrders } from "@/features/billing/views.server";

/** AI employees prepared for the caller's verified e-mail, with their subscription. */
export const GET = route({ access: "user" }, async ({ user }) => {
  return Response.json(await userOrders(user));
});

import { route } from "@/features/auth/route.server";
import { accountOrders } from "@/features/billing/views.server";

/** The AI employees of the caller's account and those prepared for the caller's verified e-mail, with their subscription. */
export const GET = route({ permission: "billing.read" }, async ({ user, account }) => {
  return Response.json(await accountOrders(user, account.id));
});

import { route } from "@/features/auth/route.server";
import { deleteOrder, getOrder, updateOrder } from "@/features/orders/orders.server";
import { orderSubscriptionSteps } from "@/features/billing/account-subscriptions.server";
import { readOrder } from "@/features/orders/parse.server";

type P = { id: string };

export const GET = route<"admin", P>({ access: "admin" }, async ({ params }) => Response.json(await getOrder(params.id)));

/** PATCH /api/admin/ai-ready-orders/{id}: the same fields as create. */
export const PATCH = route<"admin", P>({ access: "admin" }, async ({ req, params, log }) => {
  const data = await readOrder(req);
  const order = await updateOrder(params.id, data);
  log.info({ orderId: order.id }, "AI-ready order updated");
  return Response.json(order);
});

export const DELETE = route<"admin", P>({ access: "admin" }, async ({ params, log }) => {
  await deleteOrder(params.id, orderSubscriptionSteps);
  log.info({ orderId: params.id }, "AI-ready order deleted");
  return Response.json({ success: true });
});

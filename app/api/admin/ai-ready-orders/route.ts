import { route } from "@/features/auth/route.server";
import { createOrder, listOrders } from "@/features/orders/orders.server";
import { readOrder } from "@/features/orders/parse.server";

/** GET /api/admin/ai-ready-orders: every AI-ready order, newest first. */
export const GET = route({ access: "admin" }, async () => Response.json(await listOrders()));

/** POST /api/admin/ai-ready-orders: creates an order and queues the customer's setup e-mail. */
export const POST = route({ access: "admin" }, async ({ req, log, user }) => {
  const data = await readOrder(req);
  const order = await createOrder(data);
  log.info({ orderId: order.id, by: user.id }, "AI-ready order created; setup e-mail queued");
  return Response.json(order, { status: 201 });
});

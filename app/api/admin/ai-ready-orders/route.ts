import { route } from "@/features/auth/route.server";
import { createOrder } from "@/features/orders/orders.server";
import { orderSubscriptionSteps } from "@/features/billing/account-subscriptions.server";
import { listOrders } from "@/features/orders/admin-orders-list.server";
import { readOrder } from "@/features/orders/parse.server";
import { pageResponse, readPageRequest } from "@/lib/http/pagination";

/** GET /api/admin/ai-ready-orders: one page (≤ 50) of AI-ready orders, newest first, each with its business account and owner; `q`, `status`, `account`, `limit`, `cursor` (ADR 0096, 0110). */
export const GET = route({ access: "admin" }, async ({ req }) => pageResponse(req, await listOrders(readPageRequest(req))));

/** POST /api/admin/ai-ready-orders: creates an order and queues the customer's setup e-mail. */
export const POST = route({ access: "admin" }, async ({ req, log, user }) => {
  const data = await readOrder(req);
  const order = await createOrder(data, orderSubscriptionSteps);
  log.info({ orderId: order.id, by: user.id }, "AI-ready order created; setup e-mail queued");
  return Response.json(order, { status: 201 });
});

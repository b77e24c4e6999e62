import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb } from "@/lib/db";
import { aiReadyOrders, subscriptions } from "@/db/schema";
import { config } from "@/lib/config";
import { defineJob, enqueueJob } from "@/lib/jobs";
import { queueEmail } from "@/features/email/email.server";
import { logger } from "@/lib/logger";
import { checkAvatarForOrder } from "@/features/storage/storage.server";
import { notFound } from "@/lib/http/errors";
import type { AdminOrderView, OrderData } from "./order.schema";
import { orderSetupEmail } from "./emails";

export const SETUP_EMAIL_JOB = "orders.setup-email";

type Row = typeof aiReadyOrders.$inferSelect;

export function toAdminView(row: Row): AdminOrderView {
  return {
    id: row.id,
    aiEmployeeName: row.aiEmployeeName,
    aiAvatarUrl: row.aiAvatarUrl,
    aiPhoneNumber: row.aiPhoneNumber,
    customerEmail: row.customerEmail,
    webChatUrl: row.webChatUrl,
    status: row.status,
    subscriptionId: row.subscriptionId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getOrder(id: string): Promise<AdminOrderView> {
  const db = await getDb();
  const [row] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, id)).limit(1);
  if (!row) throw notFound("AI Ready Order not found");
  return toAdminView(row);
}

/**
 * Creates the order and, in the same transaction, the durable job that
 * e-mails the customer the setup instructions: either both are stored or
 * neither, and the e-mail survives a crash or an SMTP outage.
 */
export async function createOrder(data: OrderData): Promise<AdminOrderView> {
  await checkAvatarForOrder(data.aiAvatarUrl);
  const db = await getDb();
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(aiReadyOrders).values({ id, ...data, status: "pending" }).returning();
    await enqueueJob(tx, orderSetupEmailJob, { orderId: id }, { idempotencyKey: `${SETUP_EMAIL_JOB}:${id}` });
    return created!;
  });
  return toAdminView(row);
}

export async function updateOrder(id: string, data: OrderData): Promise<AdminOrderView> {
  const db = await getDb();
  const [current] = await db.select({ aiAvatarUrl: aiReadyOrders.aiAvatarUrl }).from(aiReadyOrders).where(eq(aiReadyOrders.id, id)).limit(1);
  if (!current) throw notFound("AI Ready Order not found");
  // A new avatar is checked in storage before it is attached; the stored one was checked when it was.
  if (data.aiAvatarUrl !== current.aiAvatarUrl) await checkAvatarForOrder(data.aiAvatarUrl);
  const [row] = await db
    .update(aiReadyOrders)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(aiReadyOrders.id, id))
    .returning();
  if (!row) throw notFound("AI Ready Order not found");
  return toAdminView(row);
}

/** Deletes the order; a subscription that claimed it keeps running but loses the link. */
export async function deleteOrder(id: string): Promise<void> {
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(aiReadyOrders).where(eq(aiReadyOrders.id, id)).returning({ id: aiReadyOrders.id });
    if (rows.length) await tx.update(subscriptions).set({ aiReadyOrderId: null }).where(eq(subscriptions.aiReadyOrderId, id));
    return rows.length;
  });
  if (!deleted) throw notFound("AI Ready Order not found");
}

/** Job: queue the setup-instructions e-mail (once; skipped if the order was deleted meanwhile). Registered by the server in instrumentation.ts. */
export const orderSetupEmailJob = defineJob({
  kind: SETUP_EMAIL_JOB,
  schema: z.object({ orderId: z.string().min(1) }),
  handler: async ({ orderId }, run) => {
    const db = await getDb();
    const [order] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, orderId)).limit(1);
    if (!order) {
      logger.info({ orderId }, "order deleted before its setup e-mail was sent; nothing to send");
      return;
    }
    // Keyed by this job: a repeated run queues no second e-mail. The e-mail job delivers it.
    await queueEmail(db, await orderSetupEmail(order, config().baseUrl), { key: `${SETUP_EMAIL_JOB}:${run.id}` });
  },
});

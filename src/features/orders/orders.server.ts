import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb, type DbOrTx } from "@/lib/db";
import { aiReadyOrders } from "@/db/schema";
import { config } from "@/lib/config";
import { defineJob, enqueueJob } from "@/lib/jobs";
import { queueEmail } from "@/features/email/email.server";
import { logger } from "@/lib/logger";
import { checkAvatarForOrder } from "@/features/storage/storage.server";
import { notFound } from "@/lib/http/errors";
import type { AdminOrderView, OrderData } from "./order.schema";
import { createDefaultSettings } from "@/features/ai-settings/defaults.server";
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
 * What an order does to the subscriptions, in its transaction: billing owns
 * them and sits above this feature (the routes pass billing's
 * orderSubscriptionSteps).
 */
export type OrderSubscriptionSteps = {
  /** Links the oldest subscription waiting for an AI employee (see joinWaitingSubscription) to the order; what it linked, or null. */
  linkWaitingSubscription(tx: DbOrTx, orderId: string, email: string, claimingRoles: string[], now: Date): Promise<{ id: string; accountId: string; status: string; userId: string } | null>;
  /** A deleted order's subscription keeps running but loses the link. */
  unlinkOrder(tx: DbOrTx, orderId: string): Promise<void>;
};

/**
 * Creates the order and, in the same transaction, the durable job that
 * e-mails the customer the setup instructions: either both are stored or
 * neither, and the e-mail survives a crash or an SMTP outage. A
 * subscription already waiting for an AI employee takes it at once
 * (joinWaitingSubscription); the e-mail then says so. The AI employee
 * starts with version 1 of its settings (issue 24), in the same transaction.
 */
export async function createOrder(data: OrderData, steps: OrderSubscriptionSteps): Promise<AdminOrderView> {
  await checkAvatarForOrder(data.aiAvatarUrl);
  const db = await getDb();
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(aiReadyOrders)
      .values({ id, ...data, status: "pending" })
      .returning();
    const joined = await joinWaitingSubscription(tx, created!, steps);
    await createDefaultSettings(tx, joined);
    await enqueueJob(tx, orderSetupEmailJob, { orderId: id }, { idempotencyKey: `${SETUP_EMAIL_JOB}:${id}` });
    return joined;
  });
  return toAdminView(row);
}

/** Roles whose members may start subscriptions, and so claim AI employees (billing.manage). */
const CLAIMING_ROLES = ["owner", "billing"];

/**
 * A subscription waiting for an AI employee (trialing or active, none
 * linked) of a business account whose member with billing rights has the
 * order's e-mail, verified, takes the new order at once, oldest first
 * (issue 23, ADR 0112): the order is claimed (active for a paid
 * subscription) and linked both ways, as a checkout's claim does, and no
 * second trial is offered. The link is made only while the subscription
 * still has none, so two orders at once cannot both join it; the other stays
 * pending. Without such a subscription the order stays pending.
 */
async function joinWaitingSubscription(tx: DbOrTx, order: Row, steps: OrderSubscriptionSteps): Promise<Row> {
  const now = new Date();
  const waiting = await steps.linkWaitingSubscription(tx, order.id, order.customerEmail.trim().toLowerCase(), CLAIMING_ROLES, now);
  if (!waiting) return order;
  const [joined] = await tx
    .update(aiReadyOrders)
    .set({
      status: waiting.status === "active" ? "active" : "claimed",
      subscriptionId: waiting.id,
      accountId: waiting.accountId,
      claimedByUserId: waiting.userId,
      joinedSubscriptionAt: now,
      updatedAt: now,
    })
    .where(eq(aiReadyOrders.id, order.id))
    .returning();
  return joined!;
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
export async function deleteOrder(id: string, steps: OrderSubscriptionSteps): Promise<void> {
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(aiReadyOrders).where(eq(aiReadyOrders.id, id)).returning({ id: aiReadyOrders.id });
    if (rows.length) await steps.unlinkOrder(tx, id);
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

import "server-only";
import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { aiReadyOrders } from "@/db/schema";

/**
 * The AI-ready orders' answers for billing (tables have owners, issue 26,
 * ADR 0151): a checkout's claim, a paid subscription's activation, the
 * orders a customer sees. Each query is the one billing ran before.
 */

type Order = typeof aiReadyOrders.$inferSelect;

/** One AI-ready order by id. */
export async function orderById(id: string): Promise<Order | undefined> {
  const db = await getDb();
  const [order] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, id));
  return order;
}

/** The oldest pending AI-ready order prepared for `email` (lower-cased by the caller). */
export async function oldestPendingOrderFor(email: string): Promise<Order | null> {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(aiReadyOrders)
    .where(and(eq(aiReadyOrders.customerEmail, email), eq(aiReadyOrders.status, "pending")))
    .orderBy(asc(aiReadyOrders.createdAt))
    .limit(1);
  return order ?? null;
}

/**
 * A checkout claims the order for its subscription: pending (or still held by
 * the ended subscription `endedSubscriptionId`) -> claimed, or active for a
 * paid start; linked to the subscription and the account. How many it claimed (0 or 1).
 */
export async function claimOrder(
  tx: DbOrTx,
  claim: { orderId: string; endedSubscriptionId: string | null; active: boolean; subscriptionId: string; accountId: string; userId: string },
): Promise<number> {
  const claimed = await tx
    .update(aiReadyOrders)
    .set({ status: claim.active ? "active" : "claimed", subscriptionId: claim.subscriptionId, accountId: claim.accountId, claimedByUserId: claim.userId, updatedAt: new Date() })
    .where(
      and(
        eq(aiReadyOrders.id, claim.orderId),
        claim.endedSubscriptionId ? or(eq(aiReadyOrders.status, "pending"), eq(aiReadyOrders.subscriptionId, claim.endedSubscriptionId)) : eq(aiReadyOrders.status, "pending"),
      ),
    )
    .returning({ id: aiReadyOrders.id });
  return claimed.length;
}

/** A paid subscription turns its claimed AI employee active. */
export async function activateClaimedOrder(tx: DbOrTx, orderId: string, now: Date): Promise<void> {
  await tx
    .update(aiReadyOrders)
    .set({ status: "active", updatedAt: now })
    .where(and(eq(aiReadyOrders.id, orderId), eq(aiReadyOrders.status, "claimed")));
}

/** The AI-ready orders of the business account, and (with `email`, verified and lower-cased) those prepared for it and unclaimed, newest first. */
export async function ordersOfAccount(accountId: string, email: string | null): Promise<Order[]> {
  const db = await getDb();
  const mine = eq(aiReadyOrders.accountId, accountId);
  return db
    .select()
    .from(aiReadyOrders)
    .where(email !== null ? or(mine, and(eq(aiReadyOrders.customerEmail, email), isNull(aiReadyOrders.accountId))) : mine)
    .orderBy(desc(aiReadyOrders.createdAt));
}

/** Stores an AI-ready order as given (the demo customer's, seeded). */
export async function insertOrder(values: typeof aiReadyOrders.$inferInsert): Promise<void> {
  const db = await getDb();
  await db.insert(aiReadyOrders).values(values);
}

/** Links the order to its subscription (the demo customer's, once its subscription is mirrored). */
export async function linkOrderSubscription(orderId: string, subscriptionId: string): Promise<void> {
  const db = await getDb();
  await db.update(aiReadyOrders).set({ subscriptionId }).where(eq(aiReadyOrders.id, orderId));
}

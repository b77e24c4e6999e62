import "server-only";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { invoices, member, subscriptions, user } from "@/db/schema";
import type { OrderSubscriptionSteps } from "@/features/orders/orders.server";
import { firstOwnerOf } from "@/features/accounts/account-owner";
import { GOOD_STANDING_STATUSES, LIVE_STATUSES, PAYING_STATUSES } from "./subscription-state";

/**
 * The subscriptions table's answers for other features (tables have owners,
 * issue 26, ADR 0151): each query scoped as its caller's was.
 */

/** A business account's live subscriptions (closing the account cancels each). */
export async function liveSubscriptionsOf(tx: DbOrTx, accountId: string): Promise<{ id: string; providerSubscriptionId: string; providerCustomerId: string }[]> {
  return tx
    .select({ id: subscriptions.id, providerSubscriptionId: subscriptions.providerSubscriptionId, providerCustomerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), inArray(subscriptions.status, [...LIVE_STATUSES])));
}

/** Marks the account's subscriptions `ids` as ending with their period; the number marked. */
export async function markSubscriptionsEnding(tx: DbOrTx, accountId: string, ids: string[], now: Date): Promise<number> {
  const marked = await tx
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: now })
    .where(and(eq(subscriptions.accountId, accountId), inArray(subscriptions.id, ids)))
    .returning({ id: subscriptions.id });
  return marked.length;
}

/** How many invoices a business account has (a deleted account keeps them). */
export async function countAccountInvoices(tx: DbOrTx, accountId: string): Promise<number> {
  const [kept] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  return Number(kept?.count ?? 0);
}

/** Turns a subscription's automatic overage billing on or off; undefined when there is no such subscription. */
export async function setSubscriptionAutoBillOverage(subscriptionId: string, enabled: boolean): Promise<{ id: string; autoBillOverage: boolean } | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(subscriptions)
    .set({ autoBillOverage: enabled, updatedAt: new Date() })
    .where(eq(subscriptions.id, subscriptionId))
    .returning({ id: subscriptions.id, autoBillOverage: subscriptions.autoBillOverage });
  return row;
}

/**
 * What creating and deleting an AI-ready order does to the subscriptions
 * (orders/orders.server.ts; the admin routes pass these): a subscription
 * waiting for an AI employee takes a new order for its e-mail, oldest first
 * (issue 23, ADR 0112), linked only while it still has none; a deleted
 * order's subscription loses the link.
 */
export const orderSubscriptionSteps: OrderSubscriptionSteps = {
  async linkWaitingSubscription(tx, orderId, email, claimingRoles, now) {
    const [waiting] = await tx
      .select({ id: subscriptions.id, accountId: subscriptions.accountId, status: subscriptions.status, userId: user.id })
      .from(subscriptions)
      .innerJoin(member, and(eq(member.organizationId, subscriptions.accountId), inArray(member.role, claimingRoles)))
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(sql`lower(${user.email})`, email), eq(user.emailVerified, true), inArray(subscriptions.status, [...GOOD_STANDING_STATUSES]), isNull(subscriptions.aiReadyOrderId)))
      .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
      .limit(1);
    if (!waiting) return null;
    const linked = await tx
      .update(subscriptions)
      .set({ aiReadyOrderId: orderId, updatedAt: now })
      .where(and(eq(subscriptions.id, waiting.id), isNull(subscriptions.aiReadyOrderId)))
      .returning({ id: subscriptions.id });
    return linked.length === 0 ? null : waiting;
  },
  async unlinkOrder(tx, orderId) {
    await tx.update(subscriptions).set({ aiReadyOrderId: null }).where(eq(subscriptions.aiReadyOrderId, orderId));
  },
};

/** The id of one subscription of the business account (any status), or null when it has none. */
export async function firstSubscriptionIdOf(accountId: string): Promise<string | null> {
  const db = await getDb();
  const [sub] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.accountId, accountId)).limit(1);
  return sub?.id ?? null;
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** One subscription's mirror row, in the caller's transaction; `forUpdate` locks it until the transaction ends. */
export async function subscriptionById(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<SubscriptionRow | undefined> {
  const q = db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const [sub] = opts.forUpdate ? await q.for("update") : await q.limit(1);
  return sub;
}

/** The mirrored invoices' statuses, by provider invoice id. */
export async function invoiceStatusesByProviderId(providerInvoiceIds: string[]): Promise<{ id: string; status: (typeof invoices.$inferSelect)["status"] }[]> {
  const db = await getDb();
  return db.select({ id: invoices.providerInvoiceId, status: invoices.status }).from(invoices).where(inArray(invoices.providerInvoiceId, providerInvoiceIds));
}

/** The business account's newest subscriptions (its Recent Activity). */
export async function recentSubscriptions(accountId: string, limit: number): Promise<SubscriptionRow[]> {
  const db = await getDb();
  return db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).orderBy(desc(subscriptions.createdAt)).limit(limit);
}

/** The business account's newest invoices (its Recent Activity). */
export async function recentInvoices(accountId: string, limit: number): Promise<(typeof invoices.$inferSelect)[]> {
  const db = await getDb();
  return db.select().from(invoices).where(eq(invoices.accountId, accountId)).orderBy(desc(invoices.issuedAt)).limit(limit);
}

/** The paying subscriptions set to bill their overage automatically (issue 13). */
export async function autoBillingSubscriptions(): Promise<{ id: string }[]> {
  const db = await getDb();
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.autoBillOverage, true), inArray(subscriptions.status, [...PAYING_STATUSES])));
}

/** The subscription with its account's first owner's e-mail and first name (the welcome e-mail's recipient); undefined without either. */
export async function subscriptionWithFirstOwner(subscriptionId: string): Promise<{ sub: SubscriptionRow; email: string; firstName: string | null } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ sub: subscriptions, email: user.email, firstName: user.firstName })
    .from(subscriptions)
    .innerJoin(member, firstOwnerOf(subscriptions.accountId))
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  return row;
}

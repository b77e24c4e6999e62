import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { subscriptions } from "@/db/schema";
import { z } from "@/lib/zod";
import { badRequest, notFound } from "@/lib/http/errors";
import { getProvider } from "./provider";
import type { PaymentProvider, ProviderSubscription } from "./provider/port";
import { syncCustomerSubscriptions } from "./sync.server";
import { customerSubscriptionView, providerNow } from "./views.server";
import { optionalId } from "./billing.schema";
import { asHttpError, type Payer } from "./subscriptions.server";
import type { CustomerSubscription } from "./api-types";

/**
 * Cancelling at the period's end and resuming before it (issue 23, ADR 0113).
 * Both decide on the provider's own state, read just before the change,
 * never on the mirror alone: a mirror that has not heard of a change made in
 * the provider's portal (a resume there, its webhook late or lost) must not
 * turn a cancel into a no-op.
 */

/** The reason is optional; an empty one is none. */
export const cancelSubscriptionBody = z.object({
  subscriptionId: optionalId,
  reason: z
    .string({ message: "reason must be text" })
    .trim()
    .max(1000, { message: "The reason can be at most 1000 characters." })
    .nullish()
    .transform((v) => (v ? v : null)),
});

type Row = typeof subscriptions.$inferSelect;

const CANCEL_RANK: Record<string, number> = { active: 0, trialing: 1, past_due: 2 };

/**
 * The key of one cancel (or resume) intent: the subscription and the version
 * of its mirror row the caller saw (updated_at, rewritten by every sync,
 * including the one after each cancel or resume). A doubled request sees the
 * same row and sends the same key, so Stripe applies it once; a cancel after
 * a resume sees a newer row, so it is a new request rather than a replay of
 * the first cancel's answer (Stripe keeps keys for at least 24 hours).
 */
function intentKey(kind: "cancel" | "resume", row: Pick<Row, "providerSubscriptionId" | "updatedAt">): string {
  return `${kind}-${row.providerSubscriptionId}-${row.updatedAt.getTime()}`;
}

function isCancelling(s: ProviderSubscription): boolean {
  return s.cancelAtPeriodEnd || s.cancelAt !== null;
}

function hasEndedAtProvider(s: ProviderSubscription): boolean {
  return s.status === "canceled" || s.status === "incomplete_expired";
}

/** One of the caller's account's subscriptions by our id; another account's is 404. */
export async function ownSubscription(accountId: string, subscriptionId: string): Promise<Row> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.accountId, accountId)));
  if (!row) throw notFound("Subscription not found.");
  return row;
}

async function providerState(row: Row): Promise<ProviderSubscription> {
  const provider = await getProvider();
  let current: ProviderSubscription | null;
  try {
    current = await provider.retrieveSubscription(row.providerSubscriptionId);
  } catch (err) {
    throw asHttpError(err, "Failed to read the subscription. Please try again later.");
  }
  if (!current) throw notFound("Subscription not found.");
  return current;
}

/**
 * The provider's state of a subscription that has not ended; a 400 with
 * `endedMessage` when it has, in the mirror or at the provider (the mirror
 * is synced first then).
 */
async function notEnded(row: Row, endedMessage: string): Promise<ProviderSubscription> {
  if (row.status === "cancelled") throw badRequest(endedMessage);
  const current = await providerState(row);
  if (hasEndedAtProvider(current)) {
    await syncCustomerSubscriptions(row.providerCustomerId);
    throw badRequest(endedMessage);
  }
  return current;
}

/** The change at the provider; its failure answers `failure` (asHttpError). */
async function atProvider(change: (provider: PaymentProvider) => Promise<unknown>, failure: string): Promise<void> {
  const provider = await getProvider();
  try {
    await change(provider);
  } catch (err) {
    throw asHttpError(err, failure);
  }
}

/** After the change: the mirror synced, then `set` written on the row if it is still the account's; its view. */
async function syncAndRecord(accountId: string, row: Row, set: Partial<Row>): Promise<CustomerSubscription> {
  await syncCustomerSubscriptions(row.providerCustomerId);
  const db = await getDb();
  const updated = await db
    .update(subscriptions)
    .set(set)
    .where(and(eq(subscriptions.id, row.id), eq(subscriptions.accountId, accountId)))
    .returning({ id: subscriptions.id });
  if (updated.length !== 1) throw notFound("Subscription not found.");
  return view(row.id);
}

async function view(rowId: string): Promise<CustomerSubscription> {
  const db = await getDb();
  const [fresh] = await db.select().from(subscriptions).where(eq(subscriptions.id, rowId));
  return customerSubscriptionView(fresh!, await providerNow());
}

/**
 * Cancels at the end of the current billing period. With a subscriptionId
 * the caller's account must own it (404 otherwise); without one, the
 * account's most relevant live subscription. The optional reason is kept on
 * the subscription for the operator's churn figures. Repeating it is
 * harmless.
 */
export async function cancelSubscription(user: Pick<Payer, "accountId">, subscriptionId: string | null, reason: string | null = null): Promise<CustomerSubscription> {
  const db = await getDb();
  let row: Row | undefined;
  if (subscriptionId) {
    row = await ownSubscription(user.accountId, subscriptionId);
  } else {
    const rows = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, user.accountId), ne(subscriptions.status, "cancelled")))
      .orderBy(desc(subscriptions.createdAt));
    row = rows.sort((a, b) => (CANCEL_RANK[a.status] ?? 9) - (CANCEL_RANK[b.status] ?? 9))[0];
    if (!row) throw notFound("No active subscription to cancel.");
  }
  const current = await notEnded(row, "This subscription has already ended.");
  if (!isCancelling(current)) {
    await atProvider((p) => p.cancelAtPeriodEnd(row.providerSubscriptionId, intentKey("cancel", row)), "Failed to cancel the subscription. Please try again later.");
  }
  return syncAndRecord(user.accountId, row, { cancellationRequestedAt: new Date(), ...(reason ? { cancellationReason: reason } : {}) });
}

/**
 * Undoes a cancellation before the period ends (POST
 * /api/subscriptions/{id}/resume): `cancel_at_period_end: false` at the
 * provider under an idempotency key, then the mirror is synced and the
 * cancellation reason cleared. A subscription that is not cancelling is
 * returned as it is; an ended one cannot be resumed (400).
 */
export async function resumeSubscription(user: Pick<Payer, "accountId">, subscriptionId: string): Promise<CustomerSubscription> {
  const row = await ownSubscription(user.accountId, subscriptionId);
  const current = await notEnded(row, "This subscription has already ended; start a new one from the pricing page.");
  if (isCancelling(current)) {
    await atProvider((p) => p.resumeSubscription(row.providerSubscriptionId, intentKey("resume", row)), "Failed to resume the subscription. Please try again later.");
  }
  return syncAndRecord(user.accountId, row, { cancellationReason: null, cancellationRequestedAt: null });
}

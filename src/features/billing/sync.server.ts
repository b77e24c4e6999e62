import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { firstOwnerOf } from "@/features/accounts/account-owner";
import { dbKind, getDb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { invoices, member, organization, paymentCustomers, subscriptions, user } from "@/db/schema";
import { recordAudit, type AuditAction } from "@/features/accounts/audit.server";
import { findPlan } from "@/features/plans/catalogue";
import { createNotification } from "@/features/notifications/notify.server";
import { getProvider } from "./provider";
import { activateClaimedOrder } from "@/features/orders/order-claims.server";
import { queueDunningEmail } from "./dunning-email.server";
import type { ProviderInvoice, ProviderSubscription, UpcomingInvoice } from "./provider/port";
import { statusFromProvider, type SubscriptionStatus } from "./subscription-state";
import { inTurn } from "@/lib/one-at-a-time";
import { isCardlessSubscribeStart } from "./trial-cardless";
import { queueTrialStartedEmail } from "./trial-emails.server";
import { queueSubscriptionCancelledEmail } from "./billing-emails.server";
import { emitWebhookEvents, type EmitInput } from "@/features/webhooks/emit.server";
import { invoiceEvents, subscriptionUpdatedEvent } from "./billing-events.server";

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export type SyncResult = { found: boolean; subscriptions: number; invoices: number };

/**
 * Re-reads a customer's subscriptions, upcoming invoices and invoices from the
 * provider and upserts the mirror (subscriptions, invoices), then records
 * notifications for trial starts, cancellations and past-due payments. Every
 * webhook (through billingSyncJob), checkout completion, cancellation and
 * sandbox change ends here, so repeated and out-of-order triggers converge on
 * the provider's state. Syncs of one customer never interleave (one at a
 * time, read and upsert together; see oneSyncAtATime), so the last one to
 * commit is the one that read last.
 * Notification dedupe keys name the fact (e.g. `trial_started:<sub>`), so a
 * webhook and a direct sync never notify twice. The account's outbound
 * webhook events (subscription.updated, invoice.paid, invoice.payment_failed;
 * ADR 0128) are emitted in the transaction that writes the mirror.
 */
export async function syncCustomerSubscriptions(providerCustomerId: string, trigger: SyncTrigger = {}): Promise<SyncResult> {
  return oneSyncAtATime(providerCustomerId, (write) => readAndUpsert(providerCustomerId, write, trigger));
}

/** What the provider's event said that its state does not: the invoice whose payment failed (invoice.payment_failed). */
export type SyncTrigger = { failedInvoiceId?: string | null };

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0];
/** Runs the sync's writes in one transaction. */
type Writer = (work: (tx: Tx) => Promise<void>) => Promise<void>;

async function readAndUpsert(providerCustomerId: string, write: Writer, trigger: SyncTrigger): Promise<SyncResult> {
  const db = await getDb();
  const [customer] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.providerCustomerId, providerCustomerId));
  if (!customer) {
    logger.warn({ providerCustomerId }, "billing sync: unknown provider customer");
    return { found: false, subscriptions: 0, invoices: 0 };
  }
  const provider = await getProvider();
  const listed = await provider.listSubscriptions(providerCustomerId);
  // A card-less start of the old /subscribe flow is no subscription of the customer's: nothing mirrors it (ADR 0111).
  const hidden = new Set(listed.filter(isCardlessSubscribeStart).map((s) => s.id));
  const subs = listed.filter((s) => !hidden.has(s.id));
  const upcoming = new Map<string, UpcomingInvoice | null>();
  for (const s of subs) {
    const live = s.status === "trialing" || s.status === "active" || s.status === "past_due";
    upcoming.set(s.id, live && !s.cancelAtPeriodEnd && !s.cancelAt ? await provider.upcomingInvoice(providerCustomerId, s.id) : null);
  }
  const invs = (await provider.listInvoices(providerCustomerId, 100)).filter((inv) => !inv.subscriptionId || !hidden.has(inv.subscriptionId));

  let count = 0;
  await write(async (tx) => {
    for (const s of subs) {
      if (!s.planId || !s.billing) {
        logger.warn({ subscriptionId: s.id }, "billing sync: subscription without a known plan price; skipped");
        continue;
      }
      await upsertSubscription(tx, customer.accountId, s, upcoming.get(s.id) ?? null);
      count++;
    }
    // The provider's invoice.payment_failed names its invoice; without an event (the sandbox sends none), an invoice
    // first seen open while its subscription is past due is one whose payment failed (not its paid invoices: they
    // would be recorded as failed on invoices.payment_failed_at).
    const pastDue = new Set(subs.filter((s) => s.status === "past_due" || s.status === "unpaid").map((s) => s.id));
    const failed = (inv: ProviderInvoice, statusBefore: string | null) =>
      inv.id === trigger.failedInvoiceId || (inv.status === "open" && statusBefore !== "open" && inv.subscriptionId !== null && pastDue.has(inv.subscriptionId));
    await upsertInvoices(tx, customer.accountId, invs, failed);
  });
  return { found: true, subscriptions: count, invoices: invs.length };
}

/**
 * Runs one sync of a customer (its provider reads and its upserts) while no
 * other sync of that customer runs, so an older snapshot can never commit
 * after a newer one:
 * - in this process, syncs of one customer wait their turn (no database
 *   connection is held while waiting);
 * - on PostgreSQL, across processes too: the sync holds
 *   `pg_advisory_xact_lock(hashtext('billing-sync:' || customer))` in a
 *   transaction from before its reads until its upserts commit, and writes
 *   in that transaction.
 * On PGlite the database belongs to this one process, so the turn is enough;
 * the reads stay outside any transaction (PGlite is one connection: the
 * sandbox provider's own queries would wait for an open transaction forever)
 * and the upserts run in a transaction of their own.
 */
async function oneSyncAtATime<T>(providerCustomerId: string, fn: (write: Writer) => Promise<T>): Promise<T> {
  return inTurn(`billing-sync:${providerCustomerId}`, async () => {
    const db = await getDb();
    if (dbKind() === "pglite") return fn((work) => db.transaction(work));
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-sync:${providerCustomerId}`}))`);
      return fn((work) => work(tx));
    });
  });
}

async function upsertSubscription(tx: Tx, accountId: string, s: ProviderSubscription, up: UpcomingInvoice | null): Promise<void> {
  const status = statusFromProvider(s.status);
  const now = new Date();
  const mirror = {
    planId: s.planId!,
    billing: s.billing!,
    status,
    cancelAtPeriodEnd: status !== "cancelled" && (s.cancelAtPeriodEnd || s.cancelAt !== null),
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    trialStart: s.trialStart,
    trialEnd: s.trialEnd,
    providerCustomerId: s.customerId,
    providerStatus: s.status,
    providerCancelAtPeriodEnd: s.cancelAtPeriodEnd,
    // A downgrade waiting for the period's end (ADR 0114); the provider's word replaces ours on every sync.
    pendingPlanId: status === "cancelled" ? null : (s.pendingChange?.planId ?? null),
    pendingBilling: status === "cancelled" ? null : (s.pendingChange?.billing ?? null),
    pendingChangeAt: status === "cancelled" ? null : (s.pendingChange?.effectiveAt ?? null),
    upcomingInvoiceAmount: up?.amountDue ?? null,
    upcomingInvoiceDate: up ? (up.nextPaymentAttempt ?? up.periodEnd) : null,
    providerSyncedAt: now,
    updatedAt: now,
  };
  const [before] = await tx
    .select({
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      currentPeriodStart: subscriptions.currentPeriodStart,
      planId: subscriptions.planId,
      trialEnd: subscriptions.trialEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, s.id))
    .limit(1);
  const [row] = await tx
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      accountId,
      aiReadyOrderId: await orderFreeToLink(tx, s.metadata.aiReadyOrderId, s.id, status),
      createdAt: s.createdAt,
      providerSubscriptionId: s.id,
      ...mirror,
    })
    .onConflictDoUpdate({ target: subscriptions.providerSubscriptionId, set: mirror })
    .returning();
  if (!row) return;
  // Outbound webhooks (issue 25, ADR 0128): the account's tools hear of a change of status, plan, trial, period or cancellation.
  const changed = subscriptionUpdatedEvent(before ?? null, row);
  if (changed) await emitWebhookEvents(tx, [changed]);

  const plan = findPlan(s.planId);
  await auditSubscriptionChange(tx, accountId, before ?? null, row, `${plan?.name ?? s.planId} plan (${s.billing})`);
  const [owner] = await tx
    .select({ name: organization.name, email: user.email })
    .from(organization)
    .leftJoin(member, firstOwnerOf(organization.id))
    .leftJoin(user, eq(user.id, member.userId))
    .where(eq(organization.id, accountId))
    .limit(1);
  // Admin notifications name the business account and its owner: "Casey Customer (casey@example.com)'s Small plan (monthly)".
  const customer = owner ? (owner.email ? `${owner.name} (${owner.email})` : owner.name) : "an unknown customer";
  const who = `${customer}'s ${plan?.name ?? s.planId} plan (${s.billing})`;
  // Only a trial with a card is one the customer started (issue 23).
  if ((status === "trialing" || (s.trialStart && status !== "cancelled")) && s.defaultPaymentMethodId) {
    await createNotification(
      {
        type: "trial_started",
        title: "Free trial started",
        message: `A 14-day free trial of ${who} started${s.trialEnd ? `; it ends ${s.trialEnd.toISOString().slice(0, 10)}` : ""}.`,
        priority: "normal",
        dedupeKey: `trial_started:${s.id}`,
      },
      tx,
    );
  }
  // A card-backed trial, mirrored for the first time: the customer hears what happens next (once).
  if (!before && status === "trialing" && s.defaultPaymentMethodId) await queueTrialStartedEmail(tx, s.id);
  // Renewing -> cancelling (in /billing or the provider's portal): the customer hears the end date and how to resume (issue 23).
  if (before && !before.cancelAtPeriodEnd && before.status !== "cancelled" && mirror.cancelAtPeriodEnd) {
    await queueSubscriptionCancelledEmail(tx, s.id, s.cancelAt ?? s.currentPeriodEnd, now.getTime());
  }
  if (status !== "cancelled" && mirror.cancelAtPeriodEnd) {
    const end = s.cancelAt ?? s.currentPeriodEnd;
    await createNotification(
      {
        type: "subscription_cancelled",
        title: "Subscription cancellation scheduled",
        message: `${capitalise(who)} will be cancelled at the end of the billing period${end ? ` (${end.toISOString().slice(0, 10)})` : ""}.`,
        priority: "high",
        dedupeKey: `subscription_cancel_scheduled:${s.id}`,
      },
      tx,
    );
  }
  if (status === "cancelled") {
    await createNotification(
      {
        type: "subscription_cancelled",
        title: "Subscription cancelled",
        message: `${capitalise(who)} has ended.`,
        priority: "high",
        dedupeKey: `subscription_cancelled:${s.id}`,
      },
      tx,
    );
  }
  if (status === "past_due") {
    const period = s.currentPeriodStart ? Math.floor(s.currentPeriodStart.getTime() / 1000) : 0;
    // A failed payment, not a setup that is still incomplete or a paused trial.
    if (s.status === "past_due" || s.status === "unpaid") await queueDunningEmail(tx, row.id, period);
    await createNotification(
      {
        type: "subscription_past_due",
        title: "Payment past due",
        message: `The payment for ${who} failed; the subscription is past due.`,
        priority: "urgent",
        dedupeKey: `subscription_past_due:${s.id}:${period}`,
      },
      tx,
    );
  }
  // A paid subscription turns its claimed AI employee active.
  if (status === "active" && row.aiReadyOrderId) {
    await activateClaimedOrder(tx, row.aiReadyOrderId, now);
  }
}

/**
 * The AI employee a new mirror row names (its metadata's order), unless
 * another live subscription has it: one AI employee has at most one live
 * subscription (issue 23, ADR 0112; the database's partial unique index says
 * the same).
 */
async function orderFreeToLink(tx: Tx, orderId: string | undefined, providerSubscriptionId: string, status: SubscriptionStatus): Promise<string | null> {
  if (!orderId) return null;
  if (status === "cancelled") return orderId;
  const [taken] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.aiReadyOrderId, orderId), ne(subscriptions.status, "cancelled"), ne(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .limit(1);
  return taken ? null : orderId;
}

/**
 * Mirrors the invoices and emits their webhook events (invoice.paid,
 * invoice.payment_failed; billing-events.server.ts), each to the account of
 * the invoice's subscription, else the customer's.
 */
async function upsertInvoices(tx: Tx, accountId: string, invs: ProviderInvoice[], paymentFailed: (inv: ProviderInvoice, statusBefore: string | null) => boolean): Promise<void> {
  if (invs.length === 0) return;
  const before = new Map(
    (
      await tx
        .select({ id: invoices.providerInvoiceId, status: invoices.status })
        .from(invoices)
        .where(
          inArray(
            invoices.providerInvoiceId,
            invs.map((i) => i.id),
          ),
        )
    ).map((r) => [r.id, r.status]),
  );
  const subIds = [...new Set(invs.flatMap((i) => (i.subscriptionId ? [i.subscriptionId] : [])))];
  const subs = new Map(
    subIds.length
      ? (
          await tx
            .select({ providerId: subscriptions.providerSubscriptionId, id: subscriptions.id, accountId: subscriptions.accountId })
            .from(subscriptions)
            .where(inArray(subscriptions.providerSubscriptionId, subIds))
        ).map((r) => [r.providerId, r])
      : [],
  );
  const events: EmitInput[] = [];
  for (const inv of invs) {
    const statusBefore = before.get(inv.id) ?? null;
    const failed = paymentFailed(inv, statusBefore);
    const invoiceId = await upsertInvoice(tx, accountId, inv, failed);
    const sub = inv.subscriptionId ? subs.get(inv.subscriptionId) : undefined;
    events.push(...invoiceEvents(inv, { invoiceId, accountId: sub?.accountId ?? accountId, subscriptionId: sub?.id ?? null }, { statusBefore, paymentFailed: failed }));
  }
  if (events.length) await emitWebhookEvents(tx, events);
}

/**
 * Mirrors one invoice; returns our id for it. When a payment of it failed
 * (`paymentFailed`), records when on `payment_failed_at`, the first failure
 * only: a later failure or payment never overwrites it, so a paid invoice
 * with it set is a recovered payment (ADR 0139).
 */
async function upsertInvoice(tx: Tx, accountId: string, inv: ProviderInvoice, paymentFailed: boolean): Promise<string> {
  const values = {
    providerSubscriptionId: inv.subscriptionId,
    description: inv.description,
    amountDue: inv.amountDue,
    amountPaid: inv.amountPaid,
    currency: inv.currency,
    status: inv.status,
    hostedInvoiceUrl: inv.hostedInvoiceUrl,
    invoicePdfUrl: inv.invoicePdfUrl,
    periodStart: inv.periodStart,
    periodEnd: inv.periodEnd,
    issuedAt: inv.createdAt,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(invoices)
    .values({ id: randomUUID(), accountId, providerInvoiceId: inv.id, ...values, paymentFailedAt: paymentFailed ? values.updatedAt : null })
    .onConflictDoUpdate({
      target: invoices.providerInvoiceId,
      set: paymentFailed ? { ...values, paymentFailedAt: sql`coalesce(${invoices.paymentFailedAt}, ${values.updatedAt.toISOString()}::timestamptz)` } : values,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

/** Syncs the provider customer of one business account (no-op without one). */
export async function syncAccount(accountId: string): Promise<SyncResult> {
  const db = await getDb();
  const [c] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.accountId, accountId));
  if (!c) return { found: false, subscriptions: 0, invoices: 0 };
  return syncCustomerSubscriptions(c.providerCustomerId);
}

/**
 * The account's audit log hears of a subscription that started, was
 * cancelled (scheduled or ended) or renewed (a new period began), once: the
 * mirror row before this sync is compared with the row after it.
 */
async function auditSubscriptionChange(
  tx: Tx,
  accountId: string,
  before: { status: string; cancelAtPeriodEnd: boolean; currentPeriodStart: Date | null } | null,
  after: { status: string; cancelAtPeriodEnd: boolean; currentPeriodStart: Date | null },
  what: string,
): Promise<void> {
  let action: AuditAction | null = null;
  if (!before) action = "subscription.started";
  else if ((after.status === "cancelled" && before.status !== "cancelled") || (after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd)) action = "subscription.cancelled";
  else if (after.status === "active" && before.currentPeriodStart && after.currentPeriodStart && after.currentPeriodStart > before.currentPeriodStart) action = "subscription.renewed";
  if (action) await recordAudit({ accountId, actor: null, action, detail: what }, tx);
}

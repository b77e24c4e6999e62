import "server-only";
import { createHash } from "node:crypto";
import { config } from "@/lib/config";
import type { subscriptions } from "@/db/schema";
import type { EmitInput } from "@/features/webhooks/emit.server";
import type { ProviderInvoice } from "./provider/port";

/**
 * The outbound webhook events of billing (issue 25, ADR 0128), built by the
 * sync (sync.server.ts), where every provider webhook, checkout, plan change,
 * cancellation and sandbox change ends, and emitted in the transaction that
 * writes the mirror.
 */

type Subscription = typeof subscriptions.$inferSelect;
/** What a customer's tools hear about: a change of any of these is `subscription.updated`. */
export type SubscriptionState = Pick<Subscription, "status" | "planId" | "trialEnd" | "currentPeriodEnd" | "cancelAtPeriodEnd">;

const stateOf = (s: SubscriptionState) => ({
  status: s.status,
  planId: s.planId,
  trialEnd: s.trialEnd?.toISOString() ?? null,
  currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
});

/**
 * `subscription.updated` when the mirror row changed its status, plan,
 * trial end, period end or cancellation (or was mirrored for the first
 * time); null otherwise. The dedupe key hashes the new state with the version
 * of the row it replaced (`updatedAt`): the same change synced again (a
 * retried job) is one event, and a later change back and forth is another.
 */
export function subscriptionUpdatedEvent(before: (SubscriptionState & { updatedAt: Date }) | null, after: Subscription): EmitInput | null {
  const state = stateOf(after);
  if (before && JSON.stringify(stateOf(before)) === JSON.stringify(state)) return null;
  const version = createHash("sha256")
    .update(JSON.stringify([state, before?.updatedAt.toISOString() ?? null]))
    .digest("hex")
    .slice(0, 32);
  return {
    accountId: after.accountId,
    type: "subscription.updated",
    data: { subscriptionId: after.id, aiEmployeeId: after.aiReadyOrderId, ...state },
    dedupeKey: `subscription.updated:${after.id}:${version}`,
  };
}

/**
 * The invoice events of one mirrored invoice: `invoice.paid` when it is paid
 * and was not before (or is new), `invoice.payment_failed` when it is open
 * and a payment of it failed (the provider's invoice.payment_failed named it,
 * or it is first seen open while its subscription is past due; the caller
 * judges). One of each per invoice: the key is
 * `<type>:<invoice id>`. Amounts in integer cents: paid, or due.
 */
export function invoiceEvents(
  inv: ProviderInvoice,
  mirror: { invoiceId: string; accountId: string; subscriptionId: string | null },
  opts: { statusBefore: string | null; paymentFailed: boolean },
): EmitInput[] {
  const data = { invoiceId: mirror.invoiceId, subscriptionId: mirror.subscriptionId, currency: inv.currency, status: inv.status, links: { portal: `${config().baseUrl}/billing` } };
  if (inv.status === "paid" && opts.statusBefore !== "paid") {
    return [{ accountId: mirror.accountId, type: "invoice.paid", data: { ...data, amountCents: inv.amountPaid }, dedupeKey: `invoice.paid:${mirror.invoiceId}` }];
  }
  if (inv.status === "open" && opts.paymentFailed) {
    return [{ accountId: mirror.accountId, type: "invoice.payment_failed", data: { ...data, amountCents: inv.amountDue }, dedupeKey: `invoice.payment_failed:${mirror.invoiceId}` }];
  }
  return [];
}

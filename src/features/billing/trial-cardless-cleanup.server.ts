import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { invoices, paymentCustomers, subscriptions } from "@/db/schema";
import { deleteNotifications } from "@/features/notifications/notify.server";
import { defineScheduledJob, enqueueJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { getProvider } from "./provider";
import { isCardlessSubscribeStart } from "./trial-cardless";

/**
 * One-off clean-up (issue 23, ADR 0111): before /subscribe asked for the card
 * first, opening it made a trialing subscription with no card, which pages,
 * the admin's notices and pickers then showed. This finds every such
 * subscription of every provider customer, ends the live ones at the
 * provider (unbilled, with an idempotency key), and removes them from every
 * view: their mirror rows (and with them anything hanging off the row),
 * their invoices in the mirror and the admin notifications about them.
 * Safe to repeat: a second run finds them ended and nothing left to remove.
 */
export async function cleanUpCardlessSubscribeStarts(): Promise<{ cancelled: number; removed: number }> {
  const db = await getDb();
  const provider = await getProvider();
  let cancelled = 0;
  let removed = 0;
  for (const customer of await db.select({ id: paymentCustomers.providerCustomerId }).from(paymentCustomers)) {
    const found = (await provider.listSubscriptions(customer.id)).filter(isCardlessSubscribeStart);
    for (const s of found) {
      if (s.status !== "canceled" && s.status !== "incomplete_expired") {
        await provider.cancelNow(s.id, `cleanup-cardless-subscribe-${s.id}`);
        cancelled++;
      }
      removed += await removeFromViews(s.id);
    }
  }
  if (cancelled || removed) logger.info({ cancelled, removed }, "card-less /subscribe starts cleaned up");
  return { cancelled, removed };
}

/** Removes what the mirror holds of one provider subscription; the number of mirror rows removed. */
async function removeFromViews(providerSubscriptionId: string): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The dedupe keys the billing sync gives its notices about this subscription (sync.server.ts).
    const keys = ["trial_started", "subscription_cancel_scheduled", "subscription_cancelled"].map((fact) => `${fact}:${providerSubscriptionId}`);
    await deleteNotifications(tx, keys);
    await tx.delete(invoices).where(eq(invoices.providerSubscriptionId, providerSubscriptionId));
    const rows = await tx.delete(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId)).returning({ id: subscriptions.id });
    return rows.length;
  });
}

export const cardlessSubscribeCleanupJob = defineScheduledJob("billing.cardless-subscribe-cleanup", cleanUpCardlessSubscribeStarts);

/** Its one key: enqueued at every start, the job is made once (a finished one is not run again). */
export const CARDLESS_CLEANUP_KEY = "billing.cardless-subscribe-cleanup:issue-23";

/** Enqueues the clean-up once (called at server start; a second start finds the key taken). */
export async function enqueueCardlessSubscribeCleanup(): Promise<void> {
  await enqueueJob(await getDb(), cardlessSubscribeCleanupJob, {}, { idempotencyKey: CARDLESS_CLEANUP_KEY });
}

import "server-only";
import { and, eq, gt, lte } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { processedWebhookEvents, subscriptions } from "@/db/schema";
import { config } from "@/lib/config";
import { logger } from "@/lib/logger";
import { emailQueued, queueEmail } from "@/features/email/email.server";
import { formatCents } from "@/features/plans/catalogue";
import { clockWithoutWebhooks } from "./provider";
import { subscriptionForEmail } from "./subscription-recipient.server";
import { trialEndingEmail, trialStartedEmail } from "./trial-emails";

/**
 * The trial e-mails (issue 23, ADR 0111), each sent once per subscription:
 * "trial started" when a card-backed trial is first mirrored (the billing
 * sync, in its transaction), and "trial ends in 3 days" when Stripe sends
 * customer.subscription.trial_will_end (the webhook's sync job) or, in the
 * sandbox, when the minute's roll-over job sees a trial end within three
 * days on its clock. Both go through the e-mail port (queueEmail) under a key
 * naming the subscription, so a repeat stores no second message; the e-mail
 * job (email.deliver) delivers them.
 */

const DAY_MS = 86_400_000;
/** How long before a trial's end its reminder goes out (Stripe's trial_will_end: three days). */
export const TRIAL_ENDING_NOTICE_MS = 3 * DAY_MS;

const startedKey = (providerSubscriptionId: string) => `trial-started:${providerSubscriptionId}`;
const endingKey = (providerSubscriptionId: string) => `trial-ending:${providerSubscriptionId}`;

/** Whether the e-mail stored under `key` exists (queueEmail's id for a key). */
async function alreadyQueued(tx: DbOrTx, key: string): Promise<boolean> {
  return emailQueued(tx, key);
}

/**
 * Queues "trial started" for a card-backed trial, in the sync's
 * transaction `tx` (its mirror row is written already). Once per subscription.
 */
export async function queueTrialStartedEmail(tx: DbOrTx, providerSubscriptionId: string): Promise<void> {
  const key = startedKey(providerSubscriptionId);
  if (await alreadyQueued(tx, key)) return;
  const s = await subscriptionForEmail(tx, { providerSubscriptionId });
  if (!s || s.status !== "trialing" || !s.trialEnd) return;
  if (!s.email) {
    logger.warn({ providerSubscriptionId }, "trial-started e-mail: the account has no billing e-mail and no owner; nothing to send");
    return;
  }
  const per = s.billing === "annual" ? "year" : "month";
  const price = s.amount === null ? "the plan's price" : `${formatCents(s.amount)} per ${per}`;
  const aiEmployee = s.aiEmployeeName && s.aiPhoneNumber ? { name: s.aiEmployeeName, phone: s.aiPhoneNumber } : null;
  const message = await trialStartedEmail({ email: s.email, firstName: s.firstName, planName: s.planName, price, trialEnd: s.trialEnd, aiEmployee }, config().baseUrl);
  await queueEmail(tx, message, { key });
}

/**
 * Queues "trial ends in 3 days" for a subscription still trialing and not
 * cancelling (a cancelled trial charges nothing, so there is nothing to
 * remind of). Once per subscription.
 */
export async function queueTrialEndingEmail(tx: DbOrTx, providerSubscriptionId: string): Promise<boolean> {
  const key = endingKey(providerSubscriptionId);
  if (await alreadyQueued(tx, key)) return false;
  const s = await subscriptionForEmail(tx, { providerSubscriptionId });
  if (!s || s.status !== "trialing" || s.cancelAtPeriodEnd || !s.trialEnd || !s.email) return false;
  const amount = s.amount === null ? "the plan's price" : formatCents(s.amount);
  const message = await trialEndingEmail({ email: s.email, firstName: s.firstName, planName: s.planName, amount, trialEnd: s.trialEnd }, config().baseUrl);
  return (await queueEmail(tx, message, { key })).created;
}

/** After a webhook's sync (billing.sync): Stripe's customer.subscription.trial_will_end queues the reminder. */
export async function afterWebhookSync(eventId: string, providerSubscriptionId: string | null): Promise<void> {
  if (!providerSubscriptionId) return;
  const db = await getDb();
  const [event] = await db.select({ type: processedWebhookEvents.type }).from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, eventId)).limit(1);
  if (event?.type === "customer.subscription.trial_will_end") await queueTrialEndingEmail(db, providerSubscriptionId);
}

/**
 * The sandbox has no webhooks: each minute's roll-over queues the reminder
 * of every trial that ends within three days on the sandbox clock. Returns
 * how many were queued now.
 */
export async function queueDueTrialEndingEmails(): Promise<number> {
  const now = await clockWithoutWebhooks();
  if (!now) return 0;
  const db = await getDb();
  const due = await db
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "trialing"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        gt(subscriptions.trialEnd, now),
        lte(subscriptions.trialEnd, new Date(now.getTime() + TRIAL_ENDING_NOTICE_MS)),
      ),
    );
  let queued = 0;
  for (const { id } of due) if (await queueTrialEndingEmail(db, id)) queued++;
  return queued;
}

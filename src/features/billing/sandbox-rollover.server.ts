import "server-only";
import { and, isNotNull, lte, ne } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { subscriptions } from "@/db/schema";
import { defineScheduledJob, scheduleJob, unscheduleJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { clockWithoutWebhooks, getProvider } from "./provider";
import { syncAccount } from "./sync.server";
import { queueDueTrialEndingEmails } from "./trial-emails.server";

/**
 * The sandbox's subscriptions roll over with its clock (trial ends, renewals,
 * scheduled cancellations) and no webhook announces it. This job, run every
 * minute, syncs each customer with a live subscription whose period has ended
 * on the provider's clock, so the mirror moves on without any read writing
 * (a GET never writes; issue 12). The admin's clock action syncs everyone at
 * once (sandbox-actions.server.ts). With Stripe, webhooks do this.
 */
export async function rollOverDueSubscriptions(): Promise<number> {
  const now = await clockWithoutWebhooks();
  if (!now) return 0;
  const db = await getDb();
  const due = await db
    .selectDistinct({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(and(ne(subscriptions.status, "cancelled"), isNotNull(subscriptions.currentPeriodEnd), lte(subscriptions.currentPeriodEnd, now)));
  for (const { accountId } of due) await syncAccount(accountId);
  if (due.length) logger.info({ customers: due.length }, "sandbox: rolled over subscriptions whose period ended");
  return due.length;
}

// The next minute's run is the retry.
export const sandboxRolloverJob = defineScheduledJob(
  "billing.sandbox-rollover",
  async () => {
    await rollOverDueSubscriptions();
    // No trial_will_end webhook in the sandbox: its clock decides when the reminder is due (issue 23).
    await queueDueTrialEndingEmails();
  },
  { maxAttempts: 1 },
);

/** Runs the roll-over every minute while the sandbox is the provider; removes the schedule otherwise. */
export async function scheduleSandboxRollover(): Promise<void> {
  if ((await getProvider()).periodsAdvanceWithoutWebhooks) await scheduleJob(sandboxRolloverJob, "* * * * *", {});
  else await unscheduleJob(sandboxRolloverJob);
}

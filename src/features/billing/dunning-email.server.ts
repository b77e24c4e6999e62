import "server-only";
import { z } from "@/lib/zod";
import { getDb, type DbOrTx } from "@/lib/db";
import { config } from "@/lib/config";
import { defineJob, enqueueJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { queueEmail } from "@/features/email/email.server";
import { subscriptionForEmail } from "./subscription-recipient.server";
import { dunningEmail } from "./dunning-email";

/**
 * Job: tells the customer that a payment failed (ADR 0089). Queued by the
 * billing sync in the transaction that mirrors the past_due status, once per
 * subscription and period. If the payment has been recovered by the time it
 * runs (the subscription is no longer past due), nothing is sent.
 * Registered by the server in instrumentation.ts.
 */
export const dunningEmailJob = defineJob({
  kind: "billing.dunning-email",
  schema: z.object({ subscriptionId: z.string().min(1) }),
  handler: async ({ subscriptionId }, run) => {
    const db = await getDb();
    // Billing notices go to the account's billing e-mail, else to its first owner (issue 22).
    const row = await subscriptionForEmail(db, { id: subscriptionId });
    if (!row || row.status !== "past_due") {
      logger.info({ subscriptionId, status: row?.status ?? null }, "payment recovered (or subscription gone) before the dunning e-mail; nothing to send");
      return;
    }
    if (!row.email) {
      logger.warn({ subscriptionId }, "dunning e-mail: the account has no billing e-mail and no owner; nothing to send");
      return;
    }
    const message = await dunningEmail({ email: row.email, firstName: row.firstName, planName: row.planName, aiEmployeeName: row.aiEmployeeName }, config().baseUrl);
    // Keyed by this job: a repeated run queues no second e-mail. The e-mail job (email.deliver) delivers it.
    await queueEmail(db, message, { key: `billing.dunning-email:${run.id}` });
  },
});

/** Queues the dunning e-mail of one past-due period in `tx` (a repeat for the same period does nothing). */
export async function queueDunningEmail(tx: DbOrTx, subscriptionId: string, periodKey: number): Promise<void> {
  await enqueueJob(tx, dunningEmailJob, { subscriptionId }, { idempotencyKey: `dunning-${subscriptionId}-${periodKey}` });
}

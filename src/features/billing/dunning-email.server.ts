import "server-only";
import { eq } from "drizzle-orm";
import { firstOwnerOf } from "@/features/accounts/account-owner";
import { z } from "@/lib/zod";
import { getDb, type DbOrTx } from "@/lib/db";
import { aiReadyOrders, member, organization, subscriptions, user } from "@/db/schema";
import { config } from "@/lib/config";
import { defineJob, enqueueJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { queueEmail } from "@/features/email/email.server";
import { findPlan } from "@/features/plans/catalogue";
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
    const [row] = await db
      .select({
        status: subscriptions.status,
        planId: subscriptions.planId,
        billingEmail: organization.billingEmail,
        ownerEmail: user.email,
        ownerFirstName: user.firstName,
        aiEmployeeName: aiReadyOrders.aiEmployeeName,
      })
      .from(subscriptions)
      .innerJoin(organization, eq(organization.id, subscriptions.accountId))
      // Billing notices go to the account's billing e-mail, else to its first owner (issue 22).
      .leftJoin(member, firstOwnerOf(organization.id))
      .leftJoin(user, eq(user.id, member.userId))
      .leftJoin(aiReadyOrders, eq(aiReadyOrders.id, subscriptions.aiReadyOrderId))
      .where(eq(subscriptions.id, subscriptionId))
      .limit(1);
    if (!row || row.status !== "past_due") {
      logger.info({ subscriptionId, status: row?.status ?? null }, "payment recovered (or subscription gone) before the dunning e-mail; nothing to send");
      return;
    }
    const email = row.billingEmail ?? row.ownerEmail;
    if (!email) {
      logger.warn({ subscriptionId }, "dunning e-mail: the account has no billing e-mail and no owner; nothing to send");
      return;
    }
    const message = await dunningEmail(
      { email, firstName: row.billingEmail ? null : row.ownerFirstName, planName: findPlan(row.planId)?.name ?? row.planId, aiEmployeeName: row.aiEmployeeName },
      config().baseUrl,
    );
    // Keyed by this job: a repeated run queues no second e-mail. The e-mail job (email.deliver) delivers it.
    await queueEmail(db, message, { key: `billing.dunning-email:${run.id}` });
  },
});

/** Queues the dunning e-mail of one past-due period in `tx` (a repeat for the same period does nothing). */
export async function queueDunningEmail(tx: DbOrTx, subscriptionId: string, periodKey: number): Promise<void> {
  await enqueueJob(tx, dunningEmailJob, { subscriptionId }, { idempotencyKey: `dunning-${subscriptionId}-${periodKey}` });
}

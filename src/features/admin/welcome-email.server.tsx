import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "@/lib/zod";
import { getDb } from "@/lib/db";
import { subscriptionWithFirstOwner } from "@/features/billing/account-subscriptions.server";
import { config } from "@/lib/config";
import { queueEmail, type OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { WELCOME_SUBJECT, Welcome } from "@/features/email/templates/welcome";
import { defineJob, enqueueJob } from "@/lib/jobs";
import { findPlan, formatCents, periodPrice } from "@/features/plans/catalogue";
import { notFound } from "@/lib/http/errors";
import { logger } from "@/lib/logger";

export const WELCOME_EMAIL_JOB = "admin.welcome-email";

type WelcomeInput = {
  email: string;
  firstName: string | null;
  planName: string;
  billing: "monthly" | "annual";
  price: number | null;
  status: string;
  trialEnd: Date | null;
};

export async function welcomeEmail(input: WelcomeInput, baseUrl: string): Promise<OutgoingEmail> {
  const price = input.price === null ? "custom pricing" : `${formatCents(input.price)} per ${input.billing === "annual" ? "year" : "month"}`;
  const trialEndsOn = input.status === "trialing" && input.trialEnd ? input.trialEnd.toUTCString().slice(0, 16) : null;
  const parts = await renderEmail(<Welcome firstName={input.firstName} planName={input.planName} billing={input.billing} price={price} trialEndsOn={trialEndsOn} baseUrl={baseUrl} />);
  return { to: input.email, subject: WELCOME_SUBJECT, ...parts, kind: "welcome" };
}

/** Queues a welcome e-mail to the first owner of the subscription's account (durable job). */
export async function queueWelcomeEmail(subscriptionId: string): Promise<{ to: string }> {
  const db = await getDb();
  const row = await subscriptionWithFirstOwner(subscriptionId);
  if (!row) throw notFound("Subscription not found");
  // Each request sends one more welcome e-mail (an admin may resend it): a fresh key per request.
  await enqueueJob(db, welcomeEmailJob, { subscriptionId }, { idempotencyKey: `${WELCOME_EMAIL_JOB}:${subscriptionId}:${randomUUID()}` });
  return { to: row.email };
}

/** The durable welcome e-mail job (registered by the server in instrumentation.ts). */
export const welcomeEmailJob = defineJob({
  kind: WELCOME_EMAIL_JOB,
  schema: z.object({ subscriptionId: z.string().min(1) }),
  handler: async ({ subscriptionId }, run) => {
    const db = await getDb();
    const row = await subscriptionWithFirstOwner(subscriptionId);
    if (!row) {
      logger.info({ subscriptionId }, "subscription gone before its welcome e-mail was sent");
      return;
    }
    const plan = findPlan(row.sub.planId);
    const mail = await welcomeEmail(
      {
        email: row.email,
        firstName: row.firstName,
        planName: plan?.name ?? row.sub.planId,
        billing: row.sub.billing,
        price: plan ? periodPrice(plan, row.sub.billing) : null,
        status: row.sub.status,
        trialEnd: row.sub.trialEnd,
      },
      config().baseUrl,
    );
    // Keyed by this job: a repeated run queues no second e-mail. The e-mail job delivers it.
    await queueEmail(db, mail, { key: `${WELCOME_EMAIL_JOB}:${run.id}` });
  },
});

import "server-only";
import { and, eq, inArray, lt, notExists } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { webhookAttempts, webhookDeliveries, webhookEvents } from "@/db/schema";
import { defineScheduledJob, scheduleJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { ATTEMPT_RETENTION_DAYS } from "./event-types";

/** Rows deleted per statement, so no transaction holds many locks for long. */
const CHUNK = 5000;

/**
 * The delivery log's retention (issue 25): attempts older than
 * ATTEMPT_RETENTION_DAYS (30) are deleted, and so are events as old whose
 * deliveries are all finished (with those deliveries). An event still being
 * retried stays. Returns how many of each were deleted.
 */
export async function cleanUpWebhookLog(now: Date = new Date()): Promise<{ attempts: number; events: number }> {
  const db = await getDb();
  const before = new Date(now.getTime() - ATTEMPT_RETENTION_DAYS * 86_400_000);
  let attempts = 0;
  for (;;) {
    const old = db.select({ id: webhookAttempts.id }).from(webhookAttempts).where(lt(webhookAttempts.attemptedAt, before)).limit(CHUNK);
    const done = await db.delete(webhookAttempts).where(inArray(webhookAttempts.id, old)).returning({ id: webhookAttempts.id });
    attempts += done.length;
    if (done.length < CHUNK) break;
  }
  let events = 0;
  for (;;) {
    const pending = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.eventId, webhookEvents.id), eq(webhookDeliveries.status, "pending")));
    const old = db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(lt(webhookEvents.createdAt, before), notExists(pending)))
      .limit(CHUNK);
    const done = await db.delete(webhookEvents).where(inArray(webhookEvents.id, old)).returning({ id: webhookEvents.id });
    events += done.length;
    if (done.length < CHUNK) break;
  }
  if (attempts || events) logger.info({ attempts, events, before: before.toISOString() }, "old webhook attempts and events deleted");
  return { attempts, events };
}

export const webhookCleanupJob = defineScheduledJob("webhooks.cleanup", cleanUpWebhookLog);

/** Every day at 03:41 UTC. */
export async function scheduleWebhookCleanup(): Promise<void> {
  await scheduleJob(webhookCleanupJob, "41 3 * * *", {});
}

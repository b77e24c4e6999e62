import "server-only";
import { and, eq, isNull, lte, or, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { logger } from "@/lib/logger";
import { enqueueDeliveryJob, type DeliveryJobPayload } from "./delivery-job.server";
import { recordAttempt } from "./attempt-record.server";
import { sendEvent } from "./attempt-send.server";

/**
 * How long a claimed attempt holds its delivery: longer than the request
 * (15 s) and the job (60 s), so no second run sends the same attempt while
 * the first may still be sending. A run that died holding it (kill -9) is
 * taken over once this has passed.
 */
export const DELIVERY_LOCK_MS = 2 * 60_000;

export type DeliveryRunResult =
  /** An attempt was made and logged. */
  | "sent"
  /** Nothing to send: the delivery is no longer pending (or no longer exists). */
  | "done"
  /** A chain job overtaken (another attempt was made since it was queued). */
  | "stale"
  /** Another run holds the delivery: a job waits for its lock to end. */
  | "locked"
  /** The endpoint is slowed down: a job waits for its slow_until. */
  | "slowed"
  /** The endpoint is off: the delivery failed without an attempt. */
  | "endpoint-off";

const d = webhookDeliveries;

/**
 * One run of the delivery job (ADR 0126): claims the delivery (a conditional
 * update: pending, and no other run holding it), so two instances never send
 * the same attempt at once; checks the endpoint is on and not slowed down;
 * POSTs the signed event; logs the attempt and decides what follows
 * (attempt-record.server.ts). `now` is the real clock unless a test gives one.
 */
export async function runDelivery(payload: DeliveryJobPayload, opts: { jobId: string; signal?: AbortSignal; now?: Date }): Promise<DeliveryRunResult> {
  const db = await getDb();
  const now = opts.now ?? new Date();
  const lock = new Date(now.getTime() + DELIVERY_LOCK_MS);
  const log = logger.child({ deliveryId: payload.deliveryId, trigger: payload.trigger, attempt: payload.attempt });

  const conditions: SQL[] = [eq(d.id, payload.deliveryId), eq(d.status, "pending"), or(isNull(d.lockedUntil), lte(d.lockedUntil, now))!];
  if (payload.attempt !== undefined) conditions.push(eq(d.attempts, payload.attempt - 1));
  const [claimed] = await db
    .update(d)
    .set({ lockedUntil: lock })
    .where(and(...conditions))
    .returning();

  if (!claimed) {
    const [row] = await db.select({ status: d.status, attempts: d.attempts, lockedUntil: d.lockedUntil }).from(d).where(eq(d.id, payload.deliveryId));
    if (!row || row.status !== "pending") return "done";
    if (payload.attempt !== undefined && row.attempts !== payload.attempt - 1) return "stale";
    const until = row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : now;
    await waitFor(db, payload, opts.jobId, until);
    log.info({ until: until.toISOString() }, "webhook delivery held by another run; waiting for its lock");
    return "locked";
  }

  const [target] = await db
    .select({ endpoint: webhookEndpoints, payload: webhookEvents.payload })
    .from(webhookEvents)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, claimed.endpointId))
    .where(eq(webhookEvents.id, claimed.eventId));
  const held = and(eq(d.id, claimed.id), eq(d.lockedUntil, lock));
  if (!target || !target.endpoint.enabled) {
    const failed = await db.update(d).set({ status: "failed", nextAttemptAt: null, lockedUntil: null, completedAt: now }).where(held).returning({ id: d.id });
    if (failed.length !== 1) log.warn("webhook delivery's claim lost before it was marked failed");
    return "endpoint-off";
  }
  const { endpoint } = target;
  if (endpoint.slowUntil && endpoint.slowUntil > now) {
    const slowUntil = endpoint.slowUntil;
    await db.transaction(async (tx) => {
      const released = await tx.update(d).set({ lockedUntil: null, nextAttemptAt: slowUntil }).where(held).returning({ id: d.id });
      if (released.length === 1) await waitFor(tx, payload, opts.jobId, slowUntil);
    });
    return "slowed";
  }

  const body = JSON.stringify(envelopeOf(target.payload));
  const result = await sendEvent(endpoint, claimed.eventId, body, now, opts.signal);
  await recordAttempt({ delivery: claimed, endpoint, trigger: payload.trigger, lock, now, result });
  log.info({ endpointId: endpoint.id, statusCode: result.statusCode, durationMs: result.durationMs }, "webhook attempt made");
  return "sent";
}

/** The same job again, not before `until` (its key names this run and the time, so a repeated run queues it once). */
async function waitFor(tx: DbOrTx, payload: DeliveryJobPayload, jobId: string, until: Date): Promise<void> {
  await enqueueDeliveryJob(tx, payload, { key: `webhook-delivery:${payload.deliveryId}:wait:${jobId}:${until.getTime()}`, startAfter: until });
}

/** The stored body with its keys in the documented order (jsonb keeps its own order). */
function envelopeOf(stored: Record<string, unknown>): Record<string, unknown> {
  return { type: stored.type, timestamp: stored.timestamp, data: stored.data };
}

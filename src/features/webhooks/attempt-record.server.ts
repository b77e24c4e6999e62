import "server-only";
import { and, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { logger } from "@/lib/logger";
import { attemptJobKey, enqueueDeliveryJob, type AttemptTrigger } from "./delivery-job.server";
import { attemptKind, nextSlowStep, slowDownSeconds, stepAfterAttempt } from "./delivery-rules";
import type { SendResult } from "./attempt-send.server";
import { disableEndpoint } from "./endpoint-disable.server";
import { newAttemptId } from "./ids";

type Delivery = typeof webhookDeliveries.$inferSelect;
type Endpoint = typeof webhookEndpoints.$inferSelect;

const d = webhookDeliveries;
const ep = webhookEndpoints;

/**
 * After one POST, in one transaction: the attempt's row in the log; the
 * delivery's new state (succeeded, failed, or pending with its next attempt
 * queued as a new job under `webhook-delivery:<id>:<attempt>`); the
 * endpoint's state (a success clears failing_since and the slow-down; a
 * 429/502/504 doubles the slow-down step; a 410, or 5 days without a success,
 * turns it off). The delivery changes only while this run still holds its
 * claim (`lock`); a run that lost it logs the attempt and decides nothing.
 */
export async function recordAttempt(input: { delivery: Delivery; endpoint: Endpoint; trigger: AttemptTrigger; lock: Date; now: Date; result: SendResult }): Promise<void> {
  const { delivery, endpoint, trigger, lock, now, result } = input;
  const attempt = delivery.attempts + 1;
  const kind = attemptKind(result.statusCode);
  const step = nextSlowStep(endpoint.slowStepSeconds);
  const slowUntil =
    kind === "slow" ? new Date(Math.max(endpoint.slowUntil?.getTime() ?? 0, now.getTime() + slowDownSeconds(step, result.retryAfterSeconds) * 1000)) : kind === "succeeded" ? null : endpoint.slowUntil;
  const failingSince = kind === "succeeded" ? null : (endpoint.failingSince ?? now);
  const next = stepAfterAttempt({ kind, attempt, failingSince, slowUntil, now });
  const db = await getDb();

  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: newAttemptId(now),
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      statusCode: result.statusCode,
      response: result.response,
      durationMs: result.durationMs,
      trigger,
      attemptedAt: now,
    });
    const updated = await tx
      .update(d)
      .set({
        status: next.status,
        attempts: attempt,
        lastStatusCode: result.statusCode,
        lockedUntil: null,
        nextAttemptAt: next.status === "pending" ? next.nextAttemptAt : null,
        completedAt: next.status === "pending" ? null : now,
      })
      .where(and(eq(d.id, delivery.id), eq(d.lockedUntil, lock)))
      .returning({ id: d.id });
    if (updated.length !== 1) {
      logger.warn({ deliveryId: delivery.id, attempt }, "webhook attempt logged after its claim ran out: another run decides what follows");
      return;
    }

    if (kind === "succeeded") {
      // A busy healthy endpoint is not rewritten on every success.
      await tx
        .update(ep)
        .set({ failingSince: null, slowUntil: null, slowStepSeconds: 0 })
        .where(and(eq(ep.id, endpoint.id), or(isNotNull(ep.failingSince), isNotNull(ep.slowUntil), ne(ep.slowStepSeconds, 0))));
    } else {
      // Concurrent attempts to one endpoint: keep the earliest failure and the latest slow-down.
      const at = now.toISOString();
      const changed = await tx
        .update(ep)
        .set({
          failingSince: sql`coalesce(${ep.failingSince}, ${at}::timestamptz)`,
          ...(kind === "slow" ? { slowStepSeconds: step, slowUntil: sql`greatest(${ep.slowUntil}, ${slowUntil!.toISOString()}::timestamptz)` } : {}),
        })
        .where(eq(ep.id, endpoint.id))
        .returning({ id: ep.id });
      if (changed.length !== 1) logger.warn({ endpointId: endpoint.id }, "webhook endpoint gone while its attempt was logged");
    }

    if (next.status === "pending") {
      await enqueueDeliveryJob(tx, { deliveryId: delivery.id, trigger: "retry", attempt: attempt + 1 }, { key: attemptJobKey(delivery.id, attempt + 1), startAfter: next.nextAttemptAt });
    } else if (next.status === "failed" && next.disable) {
      const lastError = result.statusCode !== null ? `HTTP ${result.statusCode}` : result.response.slice(0, 300);
      await disableEndpoint(tx, endpoint, next.disable, { now, failingSince, lastError });
    }
  });
}

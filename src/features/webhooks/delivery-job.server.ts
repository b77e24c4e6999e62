import "server-only";
import type { DbOrTx } from "@/lib/db";
import { defineJob, enqueueJob, enqueueJobs } from "@/lib/jobs";
import { z } from "@/lib/zod";

/** Why an attempt is made: the scheduled delivery (its first try and every retry), a person's resend, or a test event. */
export const ATTEMPT_TRIGGERS = ["retry", "resend", "test"] as const;
export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];

const payloadSchema = z.object({
  deliveryId: z.string().min(1),
  trigger: z.enum(ATTEMPT_TRIGGERS),
  /**
   * The attempt this job was queued for (1 for the first). A job of the retry
   * chain runs only while the delivery has made exactly `attempt - 1`
   * attempts, so a chain overtaken by a resend ends. Absent for a resend.
   */
  attempt: z.number().int().min(1).optional(),
});
export type DeliveryJobPayload = z.infer<typeof payloadSchema>;

/** The idempotency key of the job making attempt `attempt` of a delivery in its retry chain. */
export const attemptJobKey = (deliveryId: string, attempt: number) => `webhook-delivery:${deliveryId}:${attempt}`;

/**
 * Job: one attempt of one webhook delivery (ADR 0126). Each retry is a new
 * job queued with `startAfter` at its time in RETRY_SCHEDULE_SECONDS under
 * `webhook-delivery:<deliveryId>:<attempt>`; the job that failed completes.
 * pg-boss's own retries (below) only cover a run that crashed or lost the
 * database: an HTTP failure never throws. The handler (deliver.server.ts) is
 * loaded when a job runs. Registered in instrumentation.ts.
 */
export const webhookDeliveryJob = defineJob({
  kind: "webhooks.deliver",
  schema: payloadSchema,
  maxAttempts: 6,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 5 * 60,
  // The request's own limit is 15 s (DELIVERY_TIMEOUT_MS); the claim lasts longer than the job (DELIVERY_LOCK_MS).
  expireInSeconds: 60,
  handler: async (payload, run) => {
    const { runDelivery } = await import("./deliver.server");
    await runDelivery(payload, { jobId: run.id, signal: run.signal });
  },
});

/** Queues a delivery job inside `tx`. */
/** The first attempts of many deliveries at once (one statement per chunk). */
export async function enqueueDeliveryJobs(tx: DbOrTx, items: Array<{ payload: DeliveryJobPayload; key: string }>): Promise<void> {
  await enqueueJobs(
    tx,
    webhookDeliveryJob,
    items.map((i) => ({ payload: i.payload, idempotencyKey: i.key })),
  );
}

export async function enqueueDeliveryJob(tx: DbOrTx, payload: DeliveryJobPayload, opts: { key: string; startAfter?: Date }): Promise<void> {
  await enqueueJob(tx, webhookDeliveryJob, payload, { idempotencyKey: opts.key, ...(opts.startAfter ? { startAfter: opts.startAfter } : {}) });
}

import { createHash } from "node:crypto";
import { z, type ZodType } from "@/lib/zod";

/** What a handler learns about the run it is in. */
export type JobRun = {
  /** The pg-boss job id (the same for every attempt). */
  id: string;
  /** 1 for the first run, 2 for the first retry ... */
  attempt: number;
  /** Runs allowed in all; after the last one fails the job goes to the dead-letter queue. */
  maxAttempts: number;
  /** Aborted when the job expires or the queue stops. */
  signal: AbortSignal;
};

/**
 * One kind of durable job: its name (the pg-boss queue), the zod schema of its
 * payload (checked when the job is enqueued and again when it runs) and its
 * handler. Handlers must be idempotent: a run may repeat after a crash or a
 * lost answer, so they pass a stable idempotency key to the provider.
 */
export type JobDefinition<P extends object> = {
  readonly kind: string;
  readonly schema: ZodType<P>;
  handler(payload: P, run: JobRun): Promise<void>;
  /** Runs in all (first run + retries). */
  readonly maxAttempts: number;
  /** Delay before the first retry, doubling each time (with jitter), in seconds. */
  readonly retryDelaySeconds: number;
  /** The longest delay between two runs, in seconds. */
  readonly retryDelayMaxSeconds: number;
  /** A run still going after this long counts as failed and is retried. */
  readonly expireInSeconds: number;
};

/** Any job definition (a list of kinds with different payloads). */
export type AnyJobDefinition = JobDefinition<object>;

const KIND = /^[\w.\-/]+$/;

export const JOB_DEFAULTS = {
  maxAttempts: 12,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 10 * 60,
  expireInSeconds: 5 * 60,
} as const;

/**
 * The retries of a message's delivery (e-mail, SMS): about 12 hours of
 * attempts, 10 s, 20 s ... doubling up to one hour between attempts. The
 * sender's own timeouts end a stuck attempt well before it expires.
 */
export const DELIVERY_RETRIES = { maxAttempts: 20, retryDelaySeconds: 10, retryDelayMaxSeconds: 60 * 60, expireInSeconds: 120 } as const;

/** Declares a job kind. The server passes every definition to startJobs() (instrumentation.ts). */
export function defineJob<P extends object>(def: {
  kind: string;
  schema: ZodType<P>;
  handler: (payload: P, run: JobRun) => Promise<void>;
  maxAttempts?: number;
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  expireInSeconds?: number;
}): JobDefinition<P> {
  if (!KIND.test(def.kind)) throw new Error(`job kind "${def.kind}" may only use letters, digits, _ . - /`);
  const out = { ...JOB_DEFAULTS, ...def };
  if (!Number.isInteger(out.maxAttempts) || out.maxAttempts < 1) throw new Error(`job kind ${def.kind}: maxAttempts must be a whole number >= 1`);
  return out;
}

/**
 * A job kind without a payload, run by a schedule (scheduleJob(job, cron, {}))
 * or enqueued once: its handler runs `work` and drops what it returns.
 */
export function defineScheduledJob(kind: string, work: () => Promise<unknown>, options: { maxAttempts?: number; retryDelaySeconds?: number } = {}) {
  return defineJob({
    kind,
    schema: z.object({}),
    ...options,
    handler: async () => {
      await work();
    },
  });
}

/** A name-based UUID (RFC 4122 version 5, SHA-1) of `name` in the namespace `namespace` (a UUID). */
export function nameBasedUuid(namespace: string, name: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(namespace.replace(/-/g, ""), "hex"))
    .update(name, "utf8")
    .digest();
  const b = Buffer.from(hash.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The namespace of this product's job ids. */
const JOB_ID_NAMESPACE = "3b2f6c1e-9a4d-4f0b-8e7c-5d2a1f6e9b30";

/**
 * The job id for an idempotency key: a name-based UUID, so the same key
 * always names the same job and pg-boss's insert (ON CONFLICT DO NOTHING on
 * the id) cannot create a second one while the first is stored.
 */
export function jobIdForKey(idempotencyKey: string): string {
  return nameBasedUuid(JOB_ID_NAMESPACE, idempotencyKey);
}

/**
 * What one feature runs in the background: its job kinds and the set-ups of
 * its recurring runs (each sets or removes its schedule at server start).
 * Every feature with jobs exports one from its own `jobs.ts`; the app's one
 * list (src/features/jobs-registry) composes them (ADR 0141).
 */
export type FeatureJobs = {
  /** The feature folder's name, for messages and the registry's test. */
  readonly feature: string;
  readonly jobs: readonly AnyJobDefinition[];
  readonly schedules?: ReadonlyArray<() => Promise<void>>;
};

import "server-only";
import { inArray, sql } from "drizzle-orm";
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type JobResult, type JobWithMetadata, type Queue } from "pg-boss";
import { beforeCloseDb, getDb, jobsConnection, type DbOrTx } from "@/lib/db";
import { jobKeys } from "@/db/schema";
import { logger } from "@/lib/logger";
import { jobIdForKey, type AnyJobDefinition, type JobDefinition } from "./define";

/**
 * Durable jobs on pg-boss, in the application's own database (schema
 * `pgboss`; on PGlite the very instance Drizzle uses). Features define their
 * kinds with defineJob() and enqueue with enqueueJob() inside the transaction
 * that writes the rows the job is about; the composition root
 * (instrumentation.ts) passes every definition to startJobs().
 * docs/decisions/0013-jobs-on-pg-boss.md explains the choices.
 */

/** Jobs that failed their last attempt are copied here and wait for an admin (/admin/jobs). */
export const DEAD_LETTER_QUEUE = "dead-letter";
/** Retention: a finished job (completed, or failed and dead-lettered) is deleted this long after it finished. */
export const FINISHED_JOB_RETENTION_SECONDS = 14 * 24 * 60 * 60;
/** A job still waiting (queued, or between retries) this long after it was due is deleted. */
export const WAITING_JOB_RETENTION_SECONDS = 90 * 24 * 60 * 60;
/** A dead job waits this long in the dead-letter queue. */
export const DEAD_JOB_RETENTION_SECONDS = 365 * 24 * 60 * 60;
/** A running job whose worker sent no heartbeat for this long (it died) is failed and retried. */
export const HEARTBEAT_SECONDS = 30;

export type StartJobsOptions = {
  jobs: readonly AnyJobDefinition[];
  /** Run the handlers in this process (default true). Tests enqueue without workers and run jobs by hand. */
  workers?: boolean;
  /** How often an idle worker looks for due jobs; a job enqueued here wakes it at once (LISTEN/NOTIFY). */
  pollingIntervalSeconds?: number;
  /** How often pg-boss checks for expired and abandoned jobs (default 60 s). */
  monitorIntervalSeconds?: number;
};

type JobsState = {
  boss: PgBoss;
  ready: Promise<void>;
  definitions: Map<string, AnyJobDefinition>;
  workers: Set<string>;
};

const stateKey = Symbol.for("ai-employees.jobs");
type GlobalWithJobs = typeof globalThis & { [stateKey]?: JobsState };

function currentState(): JobsState | undefined {
  return (globalThis as GlobalWithJobs)[stateKey];
}

async function createBoss(opts: StartJobsOptions): Promise<PgBoss> {
  const conn = await jobsConnection();
  const common: ConstructorOptions = {
    schema: "pgboss",
    // A job enqueued in a committed transaction wakes the workers at once; polling stays as the floor.
    useListenNotify: true,
    ...(opts.monitorIntervalSeconds ? { monitorIntervalSeconds: opts.monitorIntervalSeconds, superviseIntervalSeconds: opts.monitorIntervalSeconds } : {}),
  };
  const boss =
    conn.kind === "pglite"
      ? // One connection in-process: pg-boss queues its statements behind the application's on the same PGlite.
        new PgBoss({ ...common, backend: "pglite", db: fromPglite(conn.client) })
      : new PgBoss({ ...common, connectionString: conn.url, max: 4, application_name: "ai-employees-jobs" });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  boss.on("warning", (w) => logger.warn({ data: w.data }, `job queue warning: ${w.message}`));
  return boss;
}

function queueOptions(def: AnyJobDefinition): Omit<Queue, "name" | "policy" | "partition"> {
  return {
    retryLimit: def.maxAttempts - 1,
    retryDelay: def.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: def.retryDelayMaxSeconds,
    expireInSeconds: def.expireInSeconds,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    retentionSeconds: WAITING_JOB_RETENTION_SECONDS,
    deleteAfterSeconds: FINISHED_JOB_RETENTION_SECONDS,
    deadLetter: DEAD_LETTER_QUEUE,
    notify: true,
  };
}

/** Creates the queue, or brings an existing one's options up to date (ours never set policy or partition). */
async function ensureQueue(boss: PgBoss, name: string, options: Omit<Queue, "name" | "policy" | "partition">): Promise<void> {
  if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
  else await boss.updateQueue(name, options);
}

/**
 * Starts the job queue (once per process) with these job kinds: creates the
 * pg-boss schema and one queue per kind, and, unless `workers: false`, runs
 * their handlers here. Called again, it adds kinds it did not know yet.
 */
export async function startJobs(opts: StartJobsOptions): Promise<void> {
  const g = globalThis as GlobalWithJobs;
  let state = g[stateKey];
  if (!state) {
    const boss = await createBoss(opts);
    const ready = (async () => {
      await boss.start();
      await ensureQueue(boss, DEAD_LETTER_QUEUE, { retentionSeconds: DEAD_JOB_RETENTION_SECONDS, deleteAfterSeconds: FINISHED_JOB_RETENTION_SECONDS });
    })();
    state = { boss, ready, definitions: new Map(), workers: new Set() };
    g[stateKey] = state;
    // The queue runs on the application's connection: stop it before the database closes.
    beforeCloseDb(stopJobs);
    try {
      await ready;
    } catch (err) {
      delete g[stateKey];
      throw err;
    }
  } else {
    await state.ready;
  }
  for (const def of opts.jobs) {
    await ensureQueue(state.boss, def.kind, queueOptions(def));
    state.definitions.set(def.kind, def);
  }
  if (opts.workers === false) return;
  for (const def of opts.jobs) {
    if (state.workers.has(def.kind)) continue;
    state.workers.add(def.kind);
    // A new job wakes the worker through NOTIFY; a retry coming due does not, so the worker polls as often either way.
    const polling = opts.pollingIntervalSeconds ?? 2;
    await state.boss.work(
      def.kind,
      // Up to 5 jobs at a time, each settled on its own; a full batch fetches the next one at once.
      { batchSize: 5, perJobResults: true, burstWhenBatchFull: true, includeMetadata: true, pollingIntervalSeconds: polling, notifyPollingIntervalSeconds: polling },
      (jobs: JobWithMetadata<object>[]) => Promise.all(jobs.map(settleInWorker)),
    );
  }
}

/** The job kinds this process runs handlers for (started with workers), sorted. */
export function workingKinds(): string[] {
  return [...(currentState()?.workers ?? [])].sort();
}

/** Stops the workers and the queue's timers (and, on PostgreSQL, its pool). */
export async function stopJobs(): Promise<void> {
  const g = globalThis as GlobalWithJobs;
  const state = g[stateKey];
  if (!state) return;
  delete g[stateKey];
  await state.ready.catch(() => {});
  await state.boss.stop({ graceful: true, timeout: 5000 });
}

/** The started queue that knows `kind`; throws otherwise (never waits: the caller may hold a transaction). */
function bossFor(kind?: string): PgBoss {
  const state = currentState();
  if (!state || (kind !== undefined && !state.definitions.has(kind))) {
    throw new Error(
      kind === undefined
        ? "The job queue is not started: call startJobs() first (the server does in instrumentation.ts)."
        : `The job queue does not know job kind "${kind}": pass its definition to startJobs() (the server does in instrumentation.ts).`,
    );
  }
  return state.boss;
}

/** Runs one fetched job: checks its payload against the kind's schema, then calls the handler. Throws to fail it. */
export async function runJob(job: JobWithMetadata<object>): Promise<void> {
  const def = currentState()?.definitions.get(job.name);
  const attempt = job.retryCount + 1;
  const maxAttempts = job.retryLimit + 1;
  const log = logger.child({ jobId: job.id, kind: job.name, attempt, maxAttempts });
  try {
    if (!def) throw new Error(`no handler for job kind ${job.name}`);
    const parsed = def.schema.safeParse(job.data);
    if (!parsed.success) throw new Error(`job ${job.name} has an invalid payload: ${parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ")}`);
    await def.handler(parsed.data, { id: job.id, attempt, maxAttempts, signal: job.signal });
    log.info("job ran");
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err), dead: attempt >= maxAttempts }, "job failed");
    throw err;
  }
}

async function settleInWorker(job: JobWithMetadata<object>): Promise<JobResult> {
  try {
    await runJob(job);
    return { id: job.id, status: "completed" };
  } catch (err) {
    return { id: job.id, status: "failed", output: failureOutput(err) };
  }
}

/** What a failed run stores as the job's output (shown on /admin/jobs). */
export function failureOutput(err: unknown): { name: string; message: string } {
  return err instanceof Error ? { name: err.name, message: err.message } : { name: "Error", message: String(err) };
}

export type EnqueueOptions = {
  /** At most one job per key, ever: a second enqueue with the same key does nothing. */
  idempotencyKey: string;
  /** Not before this time. */
  startAfter?: Date;
  /** Retries after the first run, instead of the kind's maxAttempts - 1. */
  retryLimit?: number;
};

/**
 * Enqueues a job inside `tx` (a transaction or the database): the payload is
 * checked against the kind's schema, the key is claimed in `job_keys` and
 * the pg-boss job (id derived from the key) is inserted through the same
 * transaction, so the job exists exactly when the caller's writes commit.
 * Returns the job id and whether this call created it.
 */
export async function enqueueJob<P extends object>(tx: DbOrTx, def: JobDefinition<P>, payload: P, opts: EnqueueOptions): Promise<{ id: string; created: boolean }> {
  const data = def.schema.parse(payload);
  const boss = bossFor(def.kind);
  const id = jobIdForKey(opts.idempotencyKey);
  // A savepoint inside the caller's transaction, or a transaction of its own when given the database.
  const run = (tx as { transaction: (fn: (inner: DbOrTx) => Promise<{ id: string; created: boolean }>) => Promise<{ id: string; created: boolean }> }).transaction;
  return run.call(tx, async (inner) => {
    const claimed = await inner
      .insert(jobKeys)
      .values({ idempotencyKey: opts.idempotencyKey, kind: def.kind, jobId: id })
      .onConflictDoNothing({ target: jobKeys.idempotencyKey })
      .returning({ jobId: jobKeys.jobId });
    if (claimed.length === 0) return { id, created: false };
    const sent = await boss.send(def.kind, data, {
      id,
      startAfter: opts.startAfter,
      ...(opts.retryLimit !== undefined ? { retryLimit: opts.retryLimit } : {}),
      db: fromDrizzle(inner as unknown as Parameters<typeof fromDrizzle>[0], sql),
    });
    return { id, created: sent !== null };
  });
}

/** Keys and jobs per statement in enqueueJobs. */
const ENQUEUE_CHUNK = 500;

/**
 * enqueueJob for many jobs of one kind at once (a batch of 1,000 records
 * fanned out to endpoints): the keys are claimed and the jobs inserted a
 * chunk per statement, inside `tx`, with the same rules: one job per key,
 * ever, and each payload checked. Returns how many jobs this call created.
 */
export async function enqueueJobs<P extends object>(tx: DbOrTx, def: JobDefinition<P>, items: ReadonlyArray<{ payload: P } & EnqueueOptions>): Promise<number> {
  if (items.length === 0) return 0;
  const boss = bossFor(def.kind);
  const prepared = items.map((i) => ({ data: def.schema.parse(i.payload), key: i.idempotencyKey, id: jobIdForKey(i.idempotencyKey), startAfter: i.startAfter, retryLimit: i.retryLimit }));
  const run = (tx as { transaction: (fn: (inner: DbOrTx) => Promise<number>) => Promise<number> }).transaction;
  return run.call(tx, async (inner) => {
    let created = 0;
    for (let i = 0; i < prepared.length; i += ENQUEUE_CHUNK) {
      const chunk = prepared.slice(i, i + ENQUEUE_CHUNK);
      const claimed = await inner
        .insert(jobKeys)
        .values(chunk.map((c) => ({ idempotencyKey: c.key, kind: def.kind, jobId: c.id })))
        .onConflictDoNothing({ target: jobKeys.idempotencyKey })
        .returning({ jobId: jobKeys.jobId });
      const ids = new Set(claimed.map((c) => c.jobId));
      const seen = new Set<string>();
      const jobs = chunk
        .filter((c) => ids.has(c.id) && !seen.has(c.id) && seen.add(c.id))
        .map((c) => ({ id: c.id, data: c.data, ...(c.startAfter ? { startAfter: c.startAfter } : {}), ...(c.retryLimit !== undefined ? { retryLimit: c.retryLimit } : {}) }));
      if (jobs.length) await boss.insert(def.kind, jobs, { db: fromDrizzle(inner as unknown as Parameters<typeof fromDrizzle>[0], sql) });
      created += jobs.length;
    }
    return created;
  });
}

export type JobStatus = "queued" | "running" | "completed" | "failed" | "cancelled";

/** Where the job enqueued under `idempotencyKey` is; null when there is none (never enqueued, or deleted after its retention). */
export async function jobStatus(def: AnyJobDefinition, idempotencyKey: string): Promise<JobStatus | null> {
  const [job] = await bossFor(def.kind).findJobs(def.kind, { id: jobIdForKey(idempotencyKey) });
  if (!job) return null;
  if (job.state === "created" || job.state === "retry") return "queued";
  if (job.state === "active") return "running";
  return job.state;
}

/**
 * When the next job of this kind that waits for a later moment (enqueued with
 * `startAfter`, or backing off before a retry) comes due; null when none
 * waits. A job that is due already or running does not count.
 */
export async function nextWaitingRun(def: AnyJobDefinition, now = new Date()): Promise<Date | null> {
  const waiting = (await bossFor(def.kind).findJobs(def.kind, { queued: true })).map((j) => j.startAfter).filter((at) => at.getTime() > now.getTime());
  return waiting.length ? new Date(Math.min(...waiting.map((at) => at.getTime()))) : null;
}

/**
 * Schedules a job of this kind on a cron expression (5 fields, UTC unless
 * `tz`), e.g. "0 3 * * *" daily at 03:00 or "0 4 1 * *" monthly. The payload
 * is checked now and again at each run. `key` tells several schedules of one
 * kind apart; scheduling the same kind and key again replaces it. The job
 * gets no idempotency key: its handler must tolerate a repeated run.
 */
export async function scheduleJob<P extends object>(def: JobDefinition<P>, cron: string, payload: P, opts: { key?: string; tz?: string } = {}): Promise<void> {
  const data = def.schema.parse(payload);
  await bossFor(def.kind).schedule(def.kind, cron, data, { ...(opts.key ? { key: opts.key } : {}), ...(opts.tz ? { tz: opts.tz } : {}) });
}

/** Removes the schedule of this kind with `key`, or every schedule of the kind. */
export async function unscheduleJob(def: AnyJobDefinition, key?: string): Promise<void> {
  const boss = bossFor(def.kind);
  const keys = key !== undefined ? [key] : (await boss.getSchedules(def.kind)).map((s) => s.key);
  for (const k of keys) await boss.unschedule(def.kind, k);
}

/** A job that failed its last attempt, as the admin jobs page shows it. */
export type DeadJob = {
  /** Its id in the dead-letter queue (what retryDeadJob takes). */
  id: string;
  kind: string;
  payload: unknown;
  error: string | null;
  attempts: number;
  idempotencyKey: string | null;
  /** When the job was first enqueued, and when it went dead. */
  createdAt: Date;
  deadAt: Date;
};

function errorText(output: unknown): string | null {
  if (!output || typeof output !== "object") return output == null ? null : String(output);
  const o = output as { message?: unknown; value?: { message?: unknown } };
  if (typeof o.message === "string") return o.message;
  if (typeof o.value?.message === "string") return o.value.message;
  return JSON.stringify(output);
}

/** Dead jobs, newest first. */
export async function listDeadJobs(limit = 200): Promise<DeadJob[]> {
  const boss = bossFor();
  const jobs = (await boss.findJobs<object>(DEAD_LETTER_QUEUE, { queued: true, limit: 100_000 })).slice(-limit).reverse();
  const roots = jobs.map((j) => j.sourceRootId ?? j.sourceId).filter((id): id is string => Boolean(id));
  const db = await getDb();
  const keys = roots.length ? await db.select({ jobId: jobKeys.jobId, key: jobKeys.idempotencyKey }).from(jobKeys).where(inArray(jobKeys.jobId, roots)) : [];
  const keyOf = new Map(keys.map((k) => [k.jobId, k.key]));
  return jobs.map((j) => ({
    id: j.id,
    kind: j.sourceName ?? "unknown",
    payload: j.data,
    error: errorText(j.sourceOutput),
    attempts: (j.sourceRetryCount ?? 0) + 1,
    idempotencyKey: keyOf.get(j.sourceRootId ?? j.sourceId ?? "") ?? null,
    createdAt: j.sourceCreatedOn ?? j.createdOn,
    deadAt: j.createdOn,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Moves a dead job back to its kind's queue as a new job with a fresh set of
 * attempts (pg-boss redrive). False when there is no such dead job.
 */
export async function retryDeadJob(id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const moved = await bossFor().redrive(DEAD_LETTER_QUEUE, { ids: [id], limit: 1 });
  if (moved > 0) logger.info({ deadJobId: id }, "dead job sent back to its queue");
  return moved > 0;
}

/** For tests and scripts: the started queue and its kinds (throws when not started). */
export function jobQueue(): { boss: PgBoss; kinds: string[] } {
  const boss = bossFor();
  return { boss, kinds: [...currentState()!.definitions.keys()] };
}

/** Stops this process's workers; the queue stays up (enqueue, status, admin). */
export async function stopJobWorkers(): Promise<void> {
  const state = currentState();
  if (!state) return;
  for (const kind of [...state.workers]) {
    await state.boss.offWork(kind, { wait: true });
    state.workers.delete(kind);
  }
}

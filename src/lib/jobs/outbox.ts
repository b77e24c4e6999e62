import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { outboxJobs } from "@/db/schema";
import { logger } from "@/lib/logger";

/**
 * Durable jobs in the same database (a transactional outbox). Enqueue inside
 * the transaction that writes the row the job reports, so either both are
 * stored or neither. Workers claim due jobs with SKIP LOCKED, retry failures
 * with exponential backoff, and re-claim jobs whose worker died (lock expired).
 * Handlers must be idempotent: they pass the job's idempotency key to the provider.
 */
export type JobHandler = (payload: Record<string, unknown>, job: { id: string; idempotencyKey: string; attempts: number }) => Promise<void>;

const handlers = new Map<string, JobHandler>();
let wake: (() => void) | undefined;

export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

export async function enqueueJob(
  tx: DbOrTx,
  job: { kind: string; payload: Record<string, unknown>; idempotencyKey: string; runAt?: Date; maxAttempts?: number },
): Promise<void> {
  await tx
    .insert(outboxJobs)
    .values({
      id: randomUUID(),
      kind: job.kind,
      payload: job.payload,
      idempotencyKey: job.idempotencyKey,
      runAt: job.runAt ?? new Date(),
      maxAttempts: job.maxAttempts ?? 12,
    })
    .onConflictDoNothing({ target: outboxJobs.idempotencyKey });
}

/** Ask the worker loop to look for due jobs now (after a commit). */
export function kickJobs(): void {
  wake?.();
}

/** Delay before attempt n+1: 2 s, 4 s, 8 s ... capped at 10 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}



/** Claims and runs the jobs due now; returns how many ran. */
export async function runDueJobs(limit = 10): Promise<number> {
  const db = await getDb();
  const claimed = (await db.execute(sql`
    update outbox_jobs set status = 'running', attempts = attempts + 1,
      locked_until = now() + interval '60 seconds'
    where id in (
      select id from outbox_jobs
      where (status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now())
      order by run_at limit ${limit} for update skip locked
    )
    returning id, kind, payload, idempotency_key, attempts, max_attempts`)) as unknown as
    | { rows: Array<Record<string, unknown>> }
    | Array<Record<string, unknown>>;
  const rows = Array.isArray(claimed) ? claimed : claimed.rows;
  for (const row of rows) {
    const id = String(row.id);
    const kind = String(row.kind);
    const attempts = Number(row.attempts);
    const handler = handlers.get(kind);
    try {
      if (!handler) throw new Error(`no handler registered for job kind ${kind}`);
      await handler(row.payload as Record<string, unknown>, { id, idempotencyKey: String(row.idempotency_key), attempts });
      await db.update(outboxJobs).set({ status: "done", completedAt: new Date(), lockedUntil: null, lastError: null }).where(eq(outboxJobs.id, id));
    } catch (err) {
      const message = String((err as Error)?.message ?? err);
      const dead = attempts >= Number(row.max_attempts);
      logger.warn({ jobId: id, kind, attempts, dead, err: message }, "job failed");
      await db
        .update(outboxJobs)
        .set({
          status: dead ? "dead" : "pending",
          lastError: message,
          lockedUntil: null,
          runAt: new Date(Date.now() + backoffMs(attempts)),
        })
        .where(and(eq(outboxJobs.id, id), eq(outboxJobs.status, "running")));
    }
  }
  return rows.length;
}

/** Runs jobs until none are due (tests and scripts). */
export async function drainJobs(maxRounds = 50): Promise<void> {
  for (let i = 0; i < maxRounds; i++) {
    if ((await runDueJobs()) === 0) return;
  }
}

let running = false;
/** The in-process worker loop: polls every second and on kickJobs(). */
export function startJobLoop(intervalMs = 1000): () => void {
  if (running) return () => {};
  running = true;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      while ((await runDueJobs()) > 0) {
        /* keep going while work is due */
      }
    } catch (err) {
      logger.error({ err }, "job loop error");
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
    timer?.unref?.();
  };
  wake = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, 0);
  };
  void tick();
  return () => {
    stopped = true;
    running = false;
    if (timer) clearTimeout(timer);
  };
}

import "server-only";
import type { JobWithMetadata } from "pg-boss";
import { failureOutput, jobQueue, runJob } from "./jobs.server";

/**
 * Test helpers: run jobs by hand in this process instead of through a
 * worker's polling, so a test decides when each attempt happens.
 */

async function settle(kind: string, job: JobWithMetadata<object>): Promise<void> {
  const { boss } = jobQueue();
  const attempt = { id: job.id, retryCount: job.retryCount };
  try {
    await runJob({ ...job, signal: job.signal ?? new AbortController().signal });
  } catch (err) {
    await boss.fail(kind, attempt, failureOutput(err));
    return;
  }
  await boss.complete(kind, attempt);
}

/** One worker pass: claims every job due now and runs it (retries and dead-lettering as a worker would). Returns how many ran. */
export async function runDueJobs(): Promise<number> {
  const { boss, kinds } = jobQueue();
  let ran = 0;
  for (const kind of kinds) {
    for (;;) {
      const jobs = await boss.fetch<object>(kind, { batchSize: 10, includeMetadata: true });
      if (jobs.length === 0) break;
      for (const job of jobs) {
        ran += 1;
        await settle(kind, job);
      }
    }
  }
  return ran;
}

/** Runs due jobs until none is due (a job waiting for its retry delay is not due). */
export async function drainJobs(maxRounds = 50): Promise<void> {
  for (let i = 0; i < maxRounds; i++) {
    if ((await runDueJobs()) === 0) return;
  }
}

/** "Time passes": every waiting job (queued for later, or backing off before a retry) becomes due now. */
export async function makeJobsDue(): Promise<number> {
  const { boss, kinds } = jobQueue();
  const now = Date.now();
  let moved = 0;
  for (const kind of kinds) {
    for (const job of await boss.findJobs(kind, { queued: true })) {
      if (job.startAfter.getTime() <= now) continue;
      await boss.update(kind, undefined, { id: job.id, startAfter: new Date(now - 1000) });
      moved += 1;
    }
  }
  return moved;
}

/** A worker claims the due jobs of `kind` and dies before running them: they stay running under its claim. */
export async function claimDueJobs(kind: string): Promise<string[]> {
  const { boss } = jobQueue();
  return (await boss.fetch(kind, { batchSize: 100 })).map((j) => j.id);
}

/**
 * What pg-boss's supervisor does once a dead worker's heartbeat is overdue:
 * its running jobs fail ("job heartbeat timeout") and go back to wait for a
 * retry. (test/usage-crash.int.test.ts lets the real supervisor do it.)
 */
export async function expireAbandonedJobs(): Promise<number> {
  const { boss, kinds } = jobQueue();
  let expired = 0;
  for (const kind of kinds) {
    const running = (await boss.findJobs(kind)).filter((j) => j.state === "active");
    if (running.length === 0) continue;
    await boss.fail(
      kind,
      running.map((j) => j.id),
      { message: "job heartbeat timeout" },
    );
    expired += running.length;
  }
  return expired;
}

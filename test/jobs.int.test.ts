import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError, z } from "zod";
import { getDb } from "@/lib/db";
import { jobKeys } from "@/db/schema";
import { defineJob, enqueueJob, enqueueJobs, jobIdForKey, jobStatus, listDeadJobs, scheduleJob, startJobs, unscheduleJob } from "@/lib/jobs";
import { jobQueue, stopJobWorkers } from "@/lib/jobs/jobs.server";
import { drainJobs, makeJobsDue, runDueJobs } from "@/lib/jobs/testing.server";
import * as retryRoute from "@app/api/admin/jobs/[id]/retry/route";
import { call, createUser, type TestUser } from "./http-helpers";

/** A job kind for these tests: records each run, fails while `failing` is set. */
const runs: Array<{ n: number; attempt: number; maxAttempts: number }> = [];
let failing = false;
const echoJob = defineJob({
  kind: "test.echo",
  schema: z.object({ n: z.number().int() }),
  maxAttempts: 3,
  handler: async ({ n }, run) => {
    runs.push({ n, attempt: run.attempt, maxAttempts: run.maxAttempts });
    if (failing) throw new Error(`provider down for ${n}`);
  },
});
const runsOf = (n: number) => runs.filter((r) => r.n === n);

async function keyRows(key: string) {
  const db = await getDb();
  return db.select().from(jobKeys).where(eq(jobKeys.idempotencyKey, key));
}

async function job(key: string) {
  const [found] = await jobQueue().boss.findJobs(echoJob.kind, { id: jobIdForKey(key) });
  return found;
}

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  // No workers for test.echo: each test runs due jobs itself.
  await startJobs({ jobs: [echoJob], workers: false });
  admin = await createUser({ role: "admin" });
  customer = await createUser();
});
beforeEach(() => {
  failing = false;
});

describe("enqueueing in the caller's transaction", () => {
  it("a job exists exactly when the transaction that enqueued it commits", async () => {
    const db = await getDb();
    const key = `tx-${randomUUID()}`;
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, echoJob, { n: 1 }, { idempotencyKey: key });
        throw new Error("the caller's write failed");
      }),
    ).rejects.toThrow("the caller's write failed");
    expect(await jobStatus(echoJob, key)).toBeNull();
    expect(await keyRows(key)).toHaveLength(0); // the key is not used up

    await db.transaction(async (tx) => {
      expect(await enqueueJob(tx, echoJob, { n: 1 }, { idempotencyKey: key })).toEqual({ id: jobIdForKey(key), created: true });
    });
    expect(await jobStatus(echoJob, key)).toBe("queued");
    await drainJobs();
    expect(await jobStatus(echoJob, key)).toBe("completed");
  });

  it("checks the payload against the kind's schema before storing anything", async () => {
    const db = await getDb();
    const key = `bad-${randomUUID()}`;
    await expect(enqueueJob(db, echoJob, { n: "seven" } as unknown as { n: number }, { idempotencyKey: key })).rejects.toBeInstanceOf(ZodError);
    expect(await keyRows(key)).toHaveLength(0);
    expect(await jobStatus(echoJob, key)).toBeNull();
  });

  it("refuses a kind the queue was not started with, naming it", async () => {
    const other = defineJob({ kind: "test.unknown", schema: z.object({}), handler: async () => {} });
    await expect(enqueueJob(await getDb(), other, {}, { idempotencyKey: `u-${randomUUID()}` })).rejects.toThrow(/does not know job kind "test.unknown"/);
  });
});

describe("exactly once per idempotency key", () => {
  it("a key enqueued again, one after the other or at the same time, gives one job and one run", async () => {
    const db = await getDb();
    const key = `once-${randomUUID()}`;
    expect((await enqueueJob(db, echoJob, { n: 100 }, { idempotencyKey: key })).created).toBe(true);
    expect((await enqueueJob(db, echoJob, { n: 100 }, { idempotencyKey: key })).created).toBe(false);

    const concurrentKey = `race-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => db.transaction((tx) => enqueueJob(tx, echoJob, { n: 101 }, { idempotencyKey: concurrentKey }))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id))).toEqual(new Set([jobIdForKey(concurrentKey)]));

    await drainJobs();
    expect(runsOf(100)).toHaveLength(1);
    expect(runsOf(101)).toHaveLength(1);
  });

  it("holds after pg-boss deleted the finished job (retention): the key stays used", async () => {
    const db = await getDb();
    const key = `forever-${randomUUID()}`;
    await enqueueJob(db, echoJob, { n: 102 }, { idempotencyKey: key });
    await drainJobs();
    expect(runsOf(102)).toHaveLength(1);
    // What the retention sweep does to a finished job.
    await jobQueue().boss.deleteJob(echoJob.kind, jobIdForKey(key));
    expect(await jobStatus(echoJob, key)).toBeNull();

    expect(await enqueueJob(db, echoJob, { n: 102 }, { idempotencyKey: key })).toEqual({ id: jobIdForKey(key), created: false });
    await drainJobs();
    expect(runsOf(102)).toHaveLength(1);
    expect(await keyRows(key)).toEqual([expect.objectContaining({ kind: "test.echo", jobId: jobIdForKey(key) })]);
  });
});

describe("many at once (enqueueJobs)", () => {
  it("one job per key, ever: repeats inside one call and across calls add nothing; every job runs once", async () => {
    const base = Math.floor(Math.random() * 1e9);
    const keys = Array.from({ length: 600 }, (_, i) => `many-${base}-${i}`);
    const db = await getDb();
    const first = await db.transaction((tx) =>
      enqueueJobs(
        tx,
        echoJob,
        [...keys, keys[0]!, keys[1]!].map((k, i) => ({ payload: { n: base + (i % 600) }, idempotencyKey: k })),
      ),
    );
    expect(first).toBe(600);
    expect(
      await enqueueJobs(
        db,
        echoJob,
        keys.slice(0, 10).map((k, i) => ({ payload: { n: base + i }, idempotencyKey: k })),
      ),
    ).toBe(0);
    await drainJobs(200);
    for (const n of [base, base + 1, base + 599]) expect(runsOf(n)).toHaveLength(1);
  });

  it("checks every payload before storing any, and stores nothing when the transaction rolls back", async () => {
    const key = `many-bad-${randomUUID()}`;
    await expect(
      enqueueJobs(await getDb(), echoJob, [
        { payload: { n: 1 }, idempotencyKey: key },
        { payload: { n: "x" } as never, idempotencyKey: `${key}-2` },
      ]),
    ).rejects.toBeInstanceOf(ZodError);
    expect(await keyRows(key)).toHaveLength(0);
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await enqueueJobs(tx, echoJob, [{ payload: { n: 2 }, idempotencyKey: key }]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await keyRows(key)).toHaveLength(0);
    expect(await job(key)).toBeUndefined();
  });
});

describe("retries, dead jobs and the admin retry", () => {
  it("retries with growing delays, then the job is dead, listed for admins and retried by an admin", async () => {
    failing = true;
    const db = await getDb();
    const key = `dead-${randomUUID()}`;
    await enqueueJob(db, echoJob, { n: 200 }, { idempotencyKey: key });

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      await runDueJobs();
      const j = (await job(key))!;
      expect(j.state).toBe("retry");
      delays.push(j.startAfter.getTime() - Date.now());
      await runDueJobs(); // not due yet: nothing runs
      expect(runsOf(200)).toHaveLength(attempt);
      await makeJobsDue();
    }
    // retryDelay 1 s with exponential backoff (and jitter): 1-2 s, then 2-4 s.
    expect(delays[0]).toBeGreaterThan(500);
    expect(delays[0]).toBeLessThan(2500);
    expect(delays[1]).toBeGreaterThan(1500);
    expect(delays[1]).toBeLessThan(4500);

    await runDueJobs(); // the third and last attempt
    expect(runsOf(200).map((r) => [r.attempt, r.maxAttempts])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(await jobStatus(echoJob, key)).toBe("failed");
    await makeJobsDue();
    await drainJobs();
    expect(runsOf(200)).toHaveLength(3); // dead: never run again on its own

    const dead = (await listDeadJobs()).find((d) => d.idempotencyKey === key)!;
    expect(dead).toMatchObject({ kind: "test.echo", payload: { n: 200 }, error: "provider down for 200", attempts: 3 });

    // Only an admin may retry it.
    const path = `/api/admin/jobs/${dead.id}/retry`;
    expect((await call(retryRoute.POST, { method: "POST", path, params: { id: dead.id }, cookie: customer.cookie, body: {} })).status).toBe(403);
    failing = false;
    const res = await call(retryRoute.POST, { method: "POST", path, params: { id: dead.id }, cookie: admin.cookie, body: {} });
    expect(res.status).toBe(200);
    expect((await listDeadJobs()).find((d) => d.id === dead.id)).toBeUndefined();
    await drainJobs();
    expect(runsOf(200).map((r) => r.attempt)).toEqual([1, 2, 3, 1]); // ran again, with fresh attempts, and succeeded

    // Retried already, or never dead: 404.
    expect((await call(retryRoute.POST, { method: "POST", path, params: { id: dead.id }, cookie: admin.cookie, body: {} })).status).toBe(404);
    expect((await call(retryRoute.POST, { method: "POST", path: "/api/admin/jobs/nope/retry", params: { id: "nope" }, cookie: admin.cookie, body: {} })).status).toBe(404);
  });

  it("a stored payload the schema no longer accepts fails at run time (and is retried, in case a fix is deployed)", async () => {
    // Bypasses enqueueJob's check, as a job stored by an older release would.
    const id = await jobQueue().boss.send(echoJob.kind, { n: "not a number" });
    await runDueJobs();
    const [stored] = await jobQueue().boss.findJobs(echoJob.kind, { id: id! });
    expect(stored!.state).toBe("retry");
    expect(JSON.stringify(stored!.output)).toContain("invalid payload");
    expect(runs.some((r) => typeof r.n !== "number")).toBe(false);
  });
});

describe("schedules", () => {
  it("registers cron schedules (daily, monthly) in pg-boss's schedule table, checking the payload", async () => {
    await scheduleJob(echoJob, "0 3 * * *", { n: 300 }, { key: "daily" });
    await scheduleJob(echoJob, "0 4 1 * *", { n: 301 }, { key: "monthly", tz: "Europe/Berlin" });
    await expect(scheduleJob(echoJob, "0 5 * * *", { n: 1.5 }, { key: "bad" })).rejects.toBeInstanceOf(ZodError);
    const db = await getDb();
    const rows = async () => ((await db.execute(sql`select key, cron, timezone, data from pgboss.schedule where name = ${echoJob.kind} order by key`)) as unknown as { rows: unknown[] }).rows;
    expect(await rows()).toEqual([
      { key: "daily", cron: "0 3 * * *", timezone: "UTC", data: { n: 300 } },
      { key: "monthly", cron: "0 4 1 * *", timezone: "Europe/Berlin", data: { n: 301 } },
    ]);
    await unscheduleJob(echoJob, "daily");
    expect(await rows()).toEqual([expect.objectContaining({ key: "monthly" })]);
    await unscheduleJob(echoJob);
    expect(await rows()).toEqual([]);
  });
});

describe("workers on the application's database", () => {
  const done = new Set<number>();
  const busyJob = defineJob({
    kind: "test.busy",
    schema: z.object({ n: z.number().int() }),
    handler: async ({ n }) => {
      // The handler uses the same database (on PGlite: the same single connection) as the app.
      const db = await getDb();
      await db.transaction(async (tx) => {
        await tx.execute(sql`select count(*) from job_keys`);
      });
      done.add(n);
    },
  });
  afterAll(() => stopJobWorkers());

  it("run jobs while the app writes and enqueues in its own transactions, without waiting on each other", async () => {
    await startJobs({ jobs: [busyJob], pollingIntervalSeconds: 0.5 });
    const db = await getDb();
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        db.transaction(async (tx) => {
          await tx.select().from(jobKeys).limit(1);
          await enqueueJob(tx, busyJob, { n }, { idempotencyKey: `busy-${randomUUID()}` });
          await tx.select().from(jobKeys).limit(1);
        }),
      ),
    );
    while (done.size < 20 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 100));
    expect(done.size).toBe(20);
  });
});

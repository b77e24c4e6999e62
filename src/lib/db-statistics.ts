import "server-only";
import { sql } from "drizzle-orm";
import { dbKind, getDb } from "@/lib/db";
import { defineScheduledJob, scheduleJob, type FeatureJobs } from "@/lib/jobs";
import { logger } from "@/lib/logger";

/**
 * Planner statistics on embedded PGlite (issue 27, ADR 0152). A PostgreSQL
 * server's autovacuum analyzes tables as they change; PGlite has no
 * autovacuum, so after a bulk load its planner works from the statistics of
 * an empty table (the admin search took 6.4 s at p99 after 100,000 rows).
 * We run ANALYZE after the demo seed, after bulk writes of more than
 * BULK_ROWS rows since the last one, and daily. On PostgreSQL each is a no-op.
 */
export const BULK_ROWS = 10_000;

type State = { written: number; running: Promise<boolean> | null };
const stateKey = Symbol.for("ai-employees.db-statistics");
const state = ((globalThis as Record<symbol, unknown>)[stateKey] ??= { written: 0, running: null }) as State;

/** Refreshes the planner's statistics of every table on PGlite (true), nothing on PostgreSQL (false). One at a time. */
export function refreshStatistics(): Promise<boolean> {
  if (dbKind() !== "pglite") return Promise.resolve(false);
  state.running ??= (async () => {
    try {
      state.written = 0;
      const started = Date.now();
      await (await getDb()).execute(sql`analyze`);
      logger.info({ ms: Date.now() - started }, "planner statistics refreshed (PGlite)");
      return true;
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}

/**
 * Counts rows a bulk writer committed (ingestion); past BULK_ROWS since the
 * last ANALYZE, one runs in the background. Resolves to whether it ran one.
 */
export async function noteRowsWritten(rows: number): Promise<boolean> {
  if (dbKind() !== "pglite" || rows <= 0) return false;
  state.written += rows;
  if (state.written <= BULK_ROWS) return false;
  return refreshStatistics().catch((err: unknown) => {
    logger.warn({ err }, "planner statistics not refreshed");
    return false;
  });
}

export const statisticsJob = defineScheduledJob("db.analyze", refreshStatistics);

/** Every day at 03:17 UTC (PGlite only does work). */
export async function scheduleStatistics(): Promise<void> {
  await scheduleJob(statisticsJob, "17 3 * * *", {});
}

/** The database's own background work: the daily ANALYZE. */
export const databaseJobs: FeatureJobs = { feature: "db", jobs: [statisticsJob], schedules: [scheduleStatistics] };

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { startJobs, workingKinds } from "@/lib/jobs";
import { appJobs } from "@/features/jobs-registry/app-jobs";

/** The rows of a raw query, on PGlite and PostgreSQL alike. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * ADR 0141: the server starts every feature's jobs from the one list
 * (instrumentation.ts → startServer → startJobs, then each schedule).
 * The integration set-up registers the same kinds without workers.
 */
describe("the app's jobs at start", () => {
  it("the tests' queue knows every kind of the list (test/integration-setup.ts uses it too)", async () => {
    const db = await getDb();
    const { jobs } = appJobs();
    const rows = rowsOf<{ name: string }>(await db.execute(sql`select name from pgboss.queue`));
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(jobs.map((j) => j.kind)));
  });

  it("sets up every schedule: the recurring kinds get their cron, the one-off clean-up its job", async () => {
    const db = await getDb();
    const { schedules } = appJobs();
    for (const schedule of schedules) await schedule();
    const crons = rowsOf<{ name: string; cron: string }>(await db.execute(sql`select name, cron from pgboss.schedule order by name`));
    // The sandbox is the provider here, so its roll-over runs every minute too.
    expect(crons.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "billing.sandbox-rollover",
        "call-alerts.daily-summary",
        "interactions.report-meters",
        "interactions.retention",
        "interactions.spend-month-reset",
        "overage.auto-bill",
        "webhooks.cleanup",
      ]),
    );
    const cleanup = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'billing.cardless-subscribe-cleanup'`));
    expect(cleanup[0]!.n).toBe(1);
  });

  it("starts a worker for every kind of the list, as the server does", async () => {
    const { jobs } = appJobs();
    expect(workingKinds()).toEqual([]);
    // A worker per kind is what is checked (the queue stops with the database after the file).
    await startJobs({ jobs, pollingIntervalSeconds: 30 });
    expect(workingKinds()).toEqual(jobs.map((j) => j.kind).sort());
  });
});

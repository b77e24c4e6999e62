import { afterAll, beforeAll } from "vitest";

// Each test file gets a fresh in-memory PGlite unless DATABASE_URL names a server.
process.env.PGLITE_DIR ??= "memory://";
process.env.LOG_LEVEL ??= "silent";
process.env.UPLOAD_DIR ??= `/tmp/ai-employees-test-uploads-${process.pid}`;

beforeAll(async () => {
  const { resetConfigForTests } = await import("@/lib/config");
  resetConfigForTests();
  const { dbReady } = await import("@/lib/db");
  await dbReady();
  const { truncateAll } = await import("./db-helpers");
  if (process.env.DATABASE_URL) await truncateAll();
  // As on the server, where every kind is started (instrumentation.ts): an AI
  // employee's settings push is queued by order creation, the first read of
  // its settings and every save (issue 24). No worker runs: a test that wants
  // the push run drains the queue.
  // Issue 25: ingestion queues the per-call notifications of accounts with rules.
  const [{ startJobs }, { platformPushJob }, { callAlertJob, callAlertBurstJob }] = await Promise.all([
    import("@/lib/jobs"),
    import("@/features/ai-settings/platform-sync.server"),
    import("@/features/call-alerts/call-alert-job.server"),
  ]);
  await startJobs({ jobs: [platformPushJob, callAlertJob, callAlertBurstJob], workers: false });
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/db");
  await closeDb();
  const g = globalThis as Record<symbol, unknown>;
  delete g[Symbol.for("ai-employees.auth")];
});

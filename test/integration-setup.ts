import { afterAll, beforeAll } from "vitest";
import { workerDatabaseUrl } from "./worker-databases";

// Each test file gets a fresh in-memory PGlite unless DATABASE_URL names a server;
// there, each worker has a database of its own (worker-databases.ts), emptied per file.
process.env.PGLITE_DIR ??= "memory://";
if (process.env.DATABASE_URL && process.env.VITEST_POOL_ID) process.env.DATABASE_URL = workerDatabaseUrl(process.env.DATABASE_URL, process.env.VITEST_POOL_ID);
process.env.LOG_LEVEL ??= "silent";
process.env.UPLOAD_DIR ??= `/tmp/ai-employees-test-uploads-${process.pid}`;

beforeAll(async () => {
  const { resetConfigForTests } = await import("@/lib/config");
  resetConfigForTests();
  const { dbReady } = await import("@/lib/db");
  await dbReady();
  const { truncateAll } = await import("./db-helpers");
  if (process.env.DATABASE_URL) await truncateAll();
  // As on the server, every job kind is known (the app's one list, ADR 0141): order creation, settings saves,
  // notifications, ingestion and billing queue jobs in their transactions. No worker runs: a test that wants
  // a job run drains the queue (src/lib/jobs/testing.server.ts).
  const [{ startJobs }, { appJobs }] = await Promise.all([import("@/lib/jobs"), import("@/features/jobs-registry/app-jobs")]);
  await startJobs({ jobs: appJobs().jobs, workers: false });
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/db");
  await closeDb();
  const g = globalThis as Record<symbol, unknown>;
  delete g[Symbol.for("ai-employees.auth")];
});

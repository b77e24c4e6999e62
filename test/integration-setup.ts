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
  // The insight rollups' repair is queued when an account's time zone changes (issue 26).
  // SMS and webhook deliveries are queued by notifications, ingestion and billing (issue 25): their jobs are known too.
  const [{ startJobs }, { platformPushJob }, { smsDeliveryJob }, { webhookDeliveryJob }, { webhookCleanupJob }, { dailySummaryJob }, { callAlertJob, callAlertBurstJob }, { rollupRepairJob }] = await Promise.all([
    import("@/lib/jobs"),
    import("@/features/ai-settings/platform-sync.server"),
    import("@/features/sms/delivery-job.server"),
    import("@/features/webhooks/delivery-job.server"),
    import("@/features/webhooks/cleanup.server"),
    import("@/features/call-alerts/daily-summary.server"),
    import("@/features/call-alerts/call-alert-job.server"),
    import("@/features/insights/jobs"),
  ]);
  await startJobs({ jobs: [platformPushJob, smsDeliveryJob, webhookDeliveryJob, webhookCleanupJob, dailySummaryJob, callAlertJob, callAlertBurstJob, rollupRepairJob], workers: false });
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/db");
  await closeDb();
  const g = globalThis as Record<symbol, unknown>;
  delete g[Symbol.for("ai-employees.auth")];
});

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
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/db");
  await closeDb();
  const g = globalThis as Record<symbol, unknown>;
  delete g[Symbol.for("ai-employees.auth")];
});

/**
 * On a PostgreSQL server (DATABASE_URL) the integration suite runs two files
 * at once, each vitest worker on a database of its own beside the named one
 * (`test` → `test_w1`, `test_w2`), created empty by the global setup. PGlite
 * needs none of this: each file's database lives in its worker's memory.
 */
export const INTEGRATION_WORKERS = 2;

/** The database URL of vitest worker `poolId` (1 … INTEGRATION_WORKERS). */
export function workerDatabaseUrl(url: string, poolId: string | number): string {
  const u = new URL(url);
  u.pathname = `${u.pathname}_w${poolId}`;
  return u.toString();
}

/** The database name in a URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

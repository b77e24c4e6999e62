import { INTEGRATION_WORKERS, databaseName, workerDatabaseUrl } from "./worker-databases";

/**
 * Against a PostgreSQL server (DATABASE_URL), each worker's database
 * (worker-databases.ts) starts empty, so "migrations apply from empty" holds
 * there too (the job queue's `pgboss` schema included). PGlite runs in memory.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let worker = 1; worker <= INTEGRATION_WORKERS; worker++) {
      const name = client.escapeIdentifier(databaseName(workerDatabaseUrl(url, worker)));
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Against a PostgreSQL server (DATABASE_URL), start from an empty database so
 * "migrations apply from empty" holds there too (the job queue's `pgboss`
 * schema included). PGlite runs in memory.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("drop schema if exists public cascade; create schema public; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade;");
  await client.end();
}

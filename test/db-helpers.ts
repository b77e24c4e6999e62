import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";

/**
 * Empties every table of the public schema (shared PostgreSQL server between
 * files) and drops the job queue's schema (`pgboss`), which startJobs()
 * creates again. Call it before the file starts the job queue.
 */
export async function truncateAll(): Promise<void> {
  const db = await getDb();
  await db.execute(sql.raw("drop schema if exists pgboss cascade"));
  const result = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: Array<{ tablename: string }> } | Array<{ tablename: string }>;
  const rows = Array.isArray(result) ? result : result.rows;
  if (rows.length === 0) return;
  const names = rows.map((r) => `"public"."${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";

/**
 * Empties every table of the public schema (shared PostgreSQL server between
 * files) and drops the job queue's schema (`pgboss`), which startJobs()
 * creates again. Call it before the file starts the job queue.
 */
export async function truncateAll(): Promise<void> {
  const db = await getDb();
  await dropJobSchema(db);
  const result = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: Array<{ tablename: string }> } | Array<{ tablename: string }>;
  const rows = Array.isArray(result) ? result : result.rows;
  if (rows.length === 0) return;
  const names = rows.map((r) => `"public"."${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

/**
 * Drops the `pgboss` schema. The previous file's queue may still be winding
 * down on the shared server (its process closes after the file ends), and the
 * drop can then be chosen as a deadlock victim: it is retried.
 */
async function dropJobSchema(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql.raw("drop schema if exists pgboss cascade"));
      return;
    } catch (err) {
      const code = (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
      if (code !== "40P01" || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

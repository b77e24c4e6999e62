import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";

/** Empties every table of the public schema (shared PostgreSQL server between files). */
export async function truncateAll(): Promise<void> {
  const db = await getDb();
  const result = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: Array<{ tablename: string }> } | Array<{ tablename: string }>;
  const rows = Array.isArray(result) ? result : result.rows;
  if (rows.length === 0) return;
  const names = rows.map((r) => `"public"."${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

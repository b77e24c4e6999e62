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
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: Array<{ tablename: string }> } | Array<{ tablename: string }>;
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

/** Every row of every table in the public schema, as a hash of its text, by table. */
export async function snapshotTables(): Promise<Map<string, string[]>> {
  const db = await getDb();
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as
    { rows: Array<{ tablename: string }> } | Array<{ tablename: string }>;
  const tables = (Array.isArray(result) ? result : result.rows).map((r) => r.tablename);
  const out = new Map<string, string[]>();
  for (const table of tables) {
    const r = (await db.execute(sql.raw(`select md5(t::text) as h from "public"."${table}" t`))) as unknown as { rows: Array<{ h: string }> } | Array<{ h: string }>;
    out.set(table, (Array.isArray(r) ? r : r.rows).map((x) => x.h).sort());
  }
  return out;
}

/** How many rows of each table differ between two snapshots (added, removed or changed); tables with none are left out. */
export function changedRows(before: Map<string, string[]>, after: Map<string, string[]>): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const a = new Map<string, number>();
    for (const h of before.get(table) ?? []) a.set(h, (a.get(h) ?? 0) + 1);
    let added = 0;
    for (const h of after.get(table) ?? []) {
      if (a.get(h)) a.set(h, a.get(h)! - 1);
      else added++;
    }
    const removed = [...a.values()].reduce((x, y) => x + y, 0);
    if (added || removed) changed[table] = Math.max(added, removed);
  }
  return changed;
}

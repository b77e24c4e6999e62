import path from "node:path";
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@/db/schema";
import { config } from "@/lib/config";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: functions that accept either take this. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

type DbHandle = { db: Db; close: () => Promise<void>; kind: "pglite" | "postgres"; ready: Promise<void> };

const globalKey = Symbol.for("ai-employees.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: DbHandle };

export const MIGRATIONS_DIR = path.join(process.cwd(), "src/db/migrations");

/**
 * Opens the database named by configuration: PostgreSQL when DATABASE_URL is
 * set, otherwise embedded PGlite in PGLITE_DIR ("memory://" for tests).
 * Migrations are applied before the first query runs.
 */
async function open(): Promise<Omit<DbHandle, "ready">> {
  const cfg = config();
  if (cfg.DATABASE_URL) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: cfg.DATABASE_URL, max: 10 });
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = cfg.pgliteDir;
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return { db, kind: "pglite", close: () => client.close() };
}

function handle(): DbHandle {
  const g = globalThis as GlobalWithDb;
  if (!g[globalKey]) {
    let resolved: Omit<DbHandle, "ready"> | undefined;
    const ready = open().then((h) => {
      resolved = h;
    });
    // A proxy lets callers use `db` synchronously; every query awaits readiness first.
    const h: DbHandle = {
      ready,
      kind: config().DATABASE_URL ? "postgres" : "pglite",
      get db() {
        if (!resolved) throw new Error("Database not ready: await dbReady() first");
        return resolved.db;
      },
      close: async () => {
        await ready;
        await resolved?.close();
        delete g[globalKey];
      },
    };
    g[globalKey] = h;
    ready.catch(() => delete g[globalKey]);
  }
  return g[globalKey]!;
}

/** Resolves once the database is open and migrated. */
export function dbReady(): Promise<void> {
  return handle().ready;
}

/** The Drizzle database; call after `await dbReady()` (route helpers do). */
export async function getDb(): Promise<Db> {
  const h = handle();
  await h.ready;
  return h.db;
}

export function dbKind(): "pglite" | "postgres" {
  return handle().kind;
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  if (g[globalKey]) await g[globalKey]!.close();
}

export { schema };

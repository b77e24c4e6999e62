import "server-only";
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import * as schema from "@/db/schema";
import { config } from "@/lib/config";
import { countStatements } from "@/lib/db-statement-count";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: functions that accept either take this. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

type DbHandle = { db: Db; close: () => Promise<void>; kind: "pglite" | "postgres"; ready: Promise<void>; pglite?: PGlite };

const globalKey = Symbol.for("ai-employees.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: DbHandle };

/** The advisory lock key of migrations (any constant unique to this app). */
const MIGRATION_LOCK = 7_164_202_610;

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
    // A slow statement is cancelled by the server (statement_timeout) and a
    // request that waits too long for a free connection gives up: both answer
    // 503 (src/lib/http/database-errors.ts) instead of hanging.
    const pool = new Pool({
      connectionString: cfg.DATABASE_URL,
      max: cfg.DATABASE_POOL_SIZE,
      statement_timeout: cfg.DATABASE_STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: cfg.DATABASE_STATEMENT_TIMEOUT_MS * 2,
      connectionTimeoutMillis: cfg.DATABASE_STATEMENT_TIMEOUT_MS,
    });
    countStatements(pool);
    const db = drizzle(pool, { schema }) as unknown as Db;
    // Instances that start together migrate one at a time: each holds a
    // session advisory lock on the connection that applies the migrations;
    // the later ones find them applied.
    const client = await pool.connect();
    try {
      // Building an index on a large table may take longer than a request may.
      await client.query("set statement_timeout = 0");
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }) as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      await client.query("reset statement_timeout").catch(() => {});
      client.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // Trigram indexes make the admin console's searches fast (issue 12).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const dir = cfg.pgliteDir;
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return { db, kind: "pglite", close: () => client.close(), pglite: client };
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
      get pglite() {
        return resolved?.pglite;
      },
      close: async () => {
        await ready;
        // Whatever runs on this connection (the job queue) stops first.
        const hooks = closeHooks.splice(0);
        for (const hook of hooks.reverse()) await hook();
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

/**
 * How the job queue (src/lib/jobs) reaches this same database: the one
 * embedded PGlite instance (a single connection, shared with Drizzle), or
 * the PostgreSQL URL for a pool of its own.
 */
export async function jobsConnection(): Promise<{ kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string }> {
  const h = handle();
  await h.ready;
  if (h.kind === "pglite") return { kind: "pglite", client: h.pglite! };
  return { kind: "postgres", url: config().DATABASE_URL! };
}

const closeHooksKey = Symbol.for("ai-employees.db.close-hooks");
const closeHooks: Array<() => Promise<void>> = ((globalThis as Record<symbol, unknown>)[closeHooksKey] ??= []) as Array<() => Promise<void>>;

/** Runs `hook` before the database closes (last registered first), e.g. to stop the job queue. */
export function beforeCloseDb(hook: () => Promise<void>): void {
  closeHooks.push(hook);
}

export async function closeDb(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  if (g[globalKey]) await g[globalKey]!.close();
}

export { schema };

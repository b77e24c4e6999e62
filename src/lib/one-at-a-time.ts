import "server-only";
import type { Pool } from "pg";
import { dbKind, getDb } from "@/lib/db";

/** Each key's latest turn in this process (global: Next.js bundles this module more than once per process). */
const turnsKey = Symbol.for("ai-employees.one-at-a-time");
const turns: Map<string, Promise<void>> = ((globalThis as Record<symbol, unknown>)[turnsKey] ??= new Map()) as Map<string, Promise<void>>;

/** Runs `fn` after every earlier call for `key` in this process has finished (waiting holds no database connection). */
export async function inTurn<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = turns.get(key) ?? Promise.resolve();
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const mine = previous.then(() => finished);
  turns.set(key, mine);
  await previous;
  try {
    return await fn();
  } finally {
    done();
    if (turns.get(key) === mine) turns.delete(key);
  }
}

/**
 * Runs `fn` while no other call for `key` runs, here or in another instance:
 * - in this process, calls for one key wait their turn;
 * - on PostgreSQL, across processes too: the turn holds the session advisory
 *   lock `pg_advisory_lock(hashtext(key))` on a pooled connection of its own,
 *   outside any transaction, so `fn` may call a provider for as long as it
 *   needs (no idle-in-transaction cut-off) and use other connections. A turn
 *   that waits for another instance longer than the statement timeout gives
 *   up (503 "busy" at the route).
 * On PGlite the database belongs to this one process: the turn is enough.
 */
export function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  return inTurn(key, async () => {
    if (dbKind() === "pglite") return fn();
    const pool = ((await getDb()) as unknown as { $client: Pool }).$client;
    const client = await pool.connect();
    let locked = false;
    try {
      await client.query("select pg_advisory_lock(hashtext($1))", [key]);
      locked = true;
      return await fn();
    } finally {
      // A failed unlock (a broken connection) ends the session, which drops the lock with it.
      const unlocked = locked
        ? await client.query("select pg_advisory_unlock(hashtext($1))", [key]).then(
            () => true,
            () => false,
          )
        : true;
      client.release(unlocked ? undefined : true);
    }
  });
}

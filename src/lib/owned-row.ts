import "server-only";
import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx } from "@/lib/db";
import { notFound } from "@/lib/http/errors";

/** A table whose rows belong to one business account each. */
type AccountTable = PgTable & { id: PgColumn; accountId: PgColumn };

/**
 * The scoping step of a feature's helper (ownedRule, ownedEndpoint): the row
 * `id` of `table` that belongs to the account, locked until the transaction
 * ends when `lock` is set (`db` is then the transaction). Another account's
 * row, or an unknown id, is a 404 with `notFoundMessage`, as if it did not
 * exist.
 */
export async function ownedRow<T extends AccountTable>(table: T, key: { accountId: string; id: string }, notFoundMessage: string, db?: DbOrTx, lock = false): Promise<T["$inferSelect"]> {
  const conn = db ?? (await getDb());
  const q = conn
    .select()
    .from(table as AccountTable)
    .where(and(eq(table.id, key.id), eq(table.accountId, key.accountId)))
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound(notFoundMessage);
  return row as T["$inferSelect"];
}

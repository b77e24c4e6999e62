import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { enqueueJob } from "@/lib/jobs";
import { rollupRepairJob } from "./jobs";

/**
 * The insight rollups' repair (issue 26, ADR 0137). Triggers on
 * `interactions` keep `interaction_rollups` current in every writer's
 * transaction (migration 0023 defines what counts, once, in
 * interaction_rollups_delta_sql); this rebuilds an account's rows exactly
 * from its records, under the account's exclusive rollup lock, so a rebuild
 * run twice, or beside ingestion, gives the same rows.
 */
export async function rebuildAccountRollups(accountId: string, db?: DbOrTx): Promise<void> {
  const run = async (tx: DbOrTx) => void (await tx.execute(sql`select interaction_rollups_rebuild(${accountId})`));
  if (db) return run(db);
  await (await getDb()).transaction(run);
}

/** The accounts the daily repair visits: every account, and any account id left in the rollups (a removed account's rows go). */
export async function rollupAccounts(): Promise<string[]> {
  const db = await getDb();
  const result = (await db.execute(sql`select id from organization union select distinct account_id from interaction_rollups order by 1`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/** Queues one account's rebuild (its time zone changed, or an operator asked), in `tx` when given. */
export async function queueRollupRepair(accountId: string, tx?: DbOrTx): Promise<void> {
  await enqueueJob(tx ?? (await getDb()), rollupRepairJob, { accountId }, { idempotencyKey: `insights.rollup-repair:${accountId}:${randomUUID()}` });
}

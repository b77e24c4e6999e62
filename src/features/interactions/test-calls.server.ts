import "server-only";
import { and, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { interactions } from "@/db/schema";
import { toE164 } from "@/features/ai-settings/phone-numbers";
import { FREE_TEST_CALLS_PER_MONTH, freeTestCallsIn, testCallMonth } from "@/features/ai-settings/testers.server";
import { TEST_CALL_UNITS, TEST_TAG } from "@/features/plans/units";

/** A phone record whose caller (`from`, compared in E.164) is one of its account's tester numbers. */
export function isTestCall(record: { channel: string; from?: string | null }, testers: Set<string> | undefined): boolean {
  if (record.channel !== "phone" || !record.from || !testers?.size) return false;
  const from = toE164(record.from);
  return from !== null && testers.has(from);
}

/** The record's tags with `test` added once. */
export function withTestTag(tags: string[]): string[] {
  return tags.includes(TEST_TAG) ? tags : [...tags, TEST_TAG];
}

type Candidate = { externalId: string; sourceKey: string; accountId?: string | null; startedAt: Date; unitsMilli: number; unitRule: string; tags?: string[] };

/**
 * Makes free the test calls of a batch that fit in their account's ten free
 * calls of the calendar month (UTC) they started in, inside the ingestion
 * transaction; the rest keep their usual units, tagged `test` all the same.
 * Mutates the rows (units 0, rule `test_call`).
 *
 * Safe under concurrent batches: the transaction first takes the account's
 * advisory lock `test-calls:<account>` (accounts in id order, so two batches
 * never wait on each other in a circle), then counts the free calls already
 * stored. A second batch for the account waits for the first to commit, and
 * its count then includes the first's calls: never eleven free calls. Ids the
 * source already stored are left out (they are not inserted again). Returns
 * the external ids made free.
 */
export async function assignFreeTestCalls(tx: DbOrTx, rows: Candidate[]): Promise<Set<string>> {
  const free = new Set<string>();
  // A call that costs nothing anyway (spam) uses no free call.
  const candidates = rows.filter((r) => r.accountId && r.tags?.includes(TEST_TAG) && r.unitsMilli > 0);
  if (candidates.length === 0) return free;
  const byAccount = new Map<string, Candidate[]>();
  for (const r of candidates) byAccount.set(r.accountId!, [...(byAccount.get(r.accountId!) ?? []), r]);
  for (const accountId of [...byAccount.keys()].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`test-calls:${accountId}`}))`);
    const mine = byAccount.get(accountId)!;
    const stored = new Set(
      (
        await tx
          .select({ sourceKey: interactions.sourceKey, externalId: interactions.externalId })
          .from(interactions)
          .where(
            and(
              inArray(interactions.sourceKey, [...new Set(mine.map((r) => r.sourceKey))]),
              inArray(
                interactions.externalId,
                mine.map((r) => r.externalId),
              ),
            ),
          )
      ).map((r) => `${r.sourceKey}\u0000${r.externalId}`),
    );
    const fresh = mine.filter((r) => !stored.has(`${r.sourceKey}\u0000${r.externalId}`)).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || (a.externalId < b.externalId ? -1 : 1));
    const left = new Map<number, number>();
    for (const r of fresh) {
      const month = testCallMonth(r.startedAt);
      if (!left.has(month.start.getTime())) left.set(month.start.getTime(), FREE_TEST_CALLS_PER_MONTH - (await freeTestCallsIn(tx, accountId, month)));
      const n = left.get(month.start.getTime())!;
      if (n <= 0) continue;
      left.set(month.start.getTime(), n - 1);
      r.unitsMilli = TEST_CALL_UNITS.milli;
      r.unitRule = TEST_CALL_UNITS.rule;
      free.add(r.externalId);
    }
  }
  return free;
}

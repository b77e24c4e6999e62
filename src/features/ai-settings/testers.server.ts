import "server-only";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { z } from "@/lib/zod";
import { getDb, type DbOrTx } from "@/lib/db";
import { accountTesterNumbers, interactions } from "@/db/schema";
import { phoneNumberSchema } from "./settings.schema";
import type { TesterNumbersResponse } from "./settings-response";

/** At most this many tester numbers per business account. */
export const MAX_TESTER_NUMBERS = 5;

/** Free test calls per account per calendar month (UTC); the 11th and later are billed by the usual rules (ADR 0124). */
export const FREE_TEST_CALLS_PER_MONTH = 10;

/** The unit rule of a free test call (interactions/units.ts names it `test_call`). */
const TEST_CALL_RULE = "test_call";

/** PUT /api/account/tester-numbers: up to five numbers, each in any common writing, stored in E.164. */
export const testerNumbersBody = z.strictObject({
  numbers: z.array(phoneNumberSchema).max(MAX_TESTER_NUMBERS, { message: `at most ${MAX_TESTER_NUMBERS} tester numbers` }),
});

/**
 * The calendar month (UTC) holding `at`: the free test calls' month. A usage
 * month belongs to one subscription while tester numbers and their ten free
 * calls belong to the account (which may hold several subscriptions), so the
 * free calls follow the calendar (ADR 0124).
 */
export function testCallMonth(at: Date): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)), end: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)) };
}

/** The account's tester numbers (E.164), in the order they were added. */
export async function testerNumbersOf(accountId: string, db?: DbOrTx): Promise<string[]> {
  const q = db ?? (await getDb());
  const rows = await q
    .select({ number: accountTesterNumbers.number })
    .from(accountTesterNumbers)
    .where(eq(accountTesterNumbers.accountId, accountId))
    .orderBy(asc(accountTesterNumbers.createdAt), asc(accountTesterNumbers.number));
  return rows.map((r) => r.number);
}

/** Free test calls the account has had in the calendar month holding `at` (the records are the count: no counter to drift). */
export async function freeTestCallsIn(db: DbOrTx, accountId: string, month: { start: Date; end: Date }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(interactions)
    .where(and(eq(interactions.accountId, accountId), eq(interactions.unitRule, TEST_CALL_RULE), gte(interactions.startedAt, month.start), lt(interactions.startedAt, month.end)));
  return row?.n ?? 0;
}

/** GET /api/account/tester-numbers. `now` is the product's clock (the payment provider's). */
export async function getTesterNumbers(accountId: string, now: Date): Promise<TesterNumbersResponse> {
  const db = await getDb();
  return { numbers: await testerNumbersOf(accountId, db), testCallsThisMonth: await freeTestCallsIn(db, accountId, testCallMonth(now)), freeTestCallsPerMonth: FREE_TEST_CALLS_PER_MONTH };
}

/**
 * PUT /api/account/tester-numbers: replaces the account's list with `numbers`
 * (already E.164 by testerNumbersBody; repeats kept once). Calls already
 * stored keep their units; the new list counts from the next call.
 */
export async function putTesterNumbers(accountId: string, numbers: string[], now: Date): Promise<TesterNumbersResponse> {
  const unique = [...new Set(numbers)];
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(accountTesterNumbers).where(eq(accountTesterNumbers.accountId, accountId));
    // One millisecond apart, so the list keeps the order it was sent in.
    const base = Date.now();
    if (unique.length) await tx.insert(accountTesterNumbers).values(unique.map((number, i) => ({ accountId, number, createdAt: new Date(base + i) })));
  });
  return getTesterNumbers(accountId, now);
}

/** The tester numbers (E.164) of each account, for the accounts a batch touches. */
export async function testerNumbersByAccount(db: DbOrTx, accountIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (accountIds.length === 0) return out;
  const rows = await db
    .select({ accountId: accountTesterNumbers.accountId, number: accountTesterNumbers.number })
    .from(accountTesterNumbers)
    .where(inArray(accountTesterNumbers.accountId, accountIds));
  for (const r of rows) out.set(r.accountId, (out.get(r.accountId) ?? new Set()).add(r.number));
  return out;
}

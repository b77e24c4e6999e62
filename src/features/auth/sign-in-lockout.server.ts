import "server-only";
import { and, gt, inArray, lte, or, sql, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { signInFailures } from "@/db/schema";

/**
 * Failed e-mail sign-ins, counted per account and per client address in
 * `sign_in_failures`, on top of better-auth's per-address request rate limit
 * (a coarse flood guard, see auth.server.ts).
 *
 * - MAX_ACCOUNT_FAILURES failures for one e-mail address within WINDOW lock
 *   that account for LOCK; MAX_ADDRESS_FAILURES failures from one client
 *   address within WINDOW lock that address for LOCK.
 * - A locked key is refused before the password is looked at.
 * - Failures count for addresses that have no account too, so the answers
 *   never tell whether an account exists.
 * - A successful sign-in clears the account's and the address's counters.
 */
export const SIGN_IN_LOCKOUT = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxAccountFailures: 5,
  maxAddressFailures: 20,
} as const;

export type SignInKeys = { account: string | null; address: string | null };

/**
 * The counter keys of one attempt: "account:<lowercased e-mail>" and
 * "ip:<address>". Without a known client address there is no address key:
 * one shared "unknown" counter would let anyone lock everyone out.
 */
export function signInKeys(email: unknown, address: string | null | undefined): SignInKeys {
  const normalised = typeof email === "string" ? email.trim().toLowerCase() : "";
  // Longer than any valid address: better-auth refuses it before any password check.
  const account = normalised && normalised.length <= 320 ? `account:${normalised}` : null;
  const ip = address && address !== "unknown" ? `ip:${address}` : null;
  return { account, address: ip };
}

const keyList = (keys: SignInKeys) => [keys.account, keys.address].filter((k): k is string => Boolean(k));

export type SignInLock = { scope: "account" | "address"; lockedUntil: Date; retryAfterSeconds: number; minutes: number };

/** The lock in force for either key, if any (the later one when both are locked). */
export async function activeSignInLock(keys: SignInKeys, now = new Date()): Promise<SignInLock | null> {
  const list = keyList(keys);
  if (list.length === 0) return null;
  const db = await getDb();
  const rows = await db
    .select({ key: signInFailures.key, lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, list), gt(signInFailures.lockedUntil, now)));
  let lock: SignInLock | null = null;
  for (const row of rows) {
    const until = row.lockedUntil ? new Date(row.lockedUntil) : null;
    if (!until || (lock && lock.lockedUntil >= until)) continue;
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    lock = {
      scope: row.key === keys.account ? "account" : "address",
      lockedUntil: until,
      retryAfterSeconds: seconds,
      minutes: Math.max(1, Math.ceil(seconds / 60)),
    };
  }
  return lock;
}

export function signInLockMessage(lock: SignInLock): string {
  const wait = `${lock.minutes} minute${lock.minutes === 1 ? "" : "s"}`;
  return lock.scope === "account"
    ? `Too many failed sign-in attempts for this account. Try again in ${wait}.`
    : `Too many failed sign-in attempts from your network. Try again in ${wait}.`;
}

/** Counts one failed attempt against both keys (atomic per key). */
export async function recordSignInFailure(keys: SignInKeys, now = new Date()): Promise<void> {
  await Promise.all([
    keys.account ? bump(keys.account, SIGN_IN_LOCKOUT.maxAccountFailures, now) : undefined,
    keys.address ? bump(keys.address, SIGN_IN_LOCKOUT.maxAddressFailures, now) : undefined,
  ]);
  await pruneExpired(now);
}

/** A successful sign-in: forget the failures of this account and this address. */
export async function clearSignInFailures(keys: SignInKeys): Promise<void> {
  const list = keyList(keys);
  if (list.length === 0) return;
  const db = await getDb();
  await db.delete(signInFailures).where(inArray(signInFailures.key, list));
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * One insert-or-increment statement, so concurrent failures each count. A
 * row whose window has passed, or whose lock has ended, starts again at 1.
 * The row that reaches `max` within its window gets `locked_until`; a lock
 * already in force is never extended.
 */
async function bump(key: string, max: number, now: Date): Promise<void> {
  const t = signInFailures;
  const windowStart = new Date(now.getTime() - SIGN_IN_LOCKOUT.windowMs);
  const lockEnd = new Date(now.getTime() + SIGN_IN_LOCKOUT.lockMs);
  const restart = sql`(${t.windowStartedAt} <= ${ts(windowStart)} or (${t.lockedUntil} is not null and ${t.lockedUntil} <= ${ts(now)}))`;
  const db = await getDb();
  await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: max <= 1 ? lockEnd : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${restart} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${restart} then ${ts(now)} else ${t.windowStartedAt} end`,
        lockedUntil: sql`case
          when ${restart} then ${max <= 1 ? ts(lockEnd) : sql`null::timestamptz`}
          when ${t.lockedUntil} is not null then ${t.lockedUntil}
          when ${t.failures} + 1 >= ${max} then ${ts(lockEnd)}
          else null::timestamptz end`,
      },
    });
}

/** Rows whose window and lock are both over carry no information. */
async function pruneExpired(now: Date): Promise<void> {
  const t = signInFailures;
  const windowStart = new Date(now.getTime() - SIGN_IN_LOCKOUT.windowMs);
  const db = await getDb();
  await db.delete(t).where(and(lte(t.windowStartedAt, windowStart), or(isNull(t.lockedUntil), lte(t.lockedUntil, now))));
}

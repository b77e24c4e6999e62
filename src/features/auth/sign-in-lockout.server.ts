import "server-only";
import { and, inArray, like, lte, or, sql, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { signInFailures } from "@/db/schema";

/**
 * Failed e-mail sign-ins, counted in `sign_in_failures` on top of
 * better-auth's per-address request rate limit (a coarse flood guard, see
 * auth.server.ts). Three counters per attempt (ADR 0104):
 *
 * - the pair (this account from this client address): MAX_PAIR_FAILURES
 *   within WINDOW lock that account for that address only;
 * - the address: MAX_ADDRESS_FAILURES within WINDOW, whatever accounts,
 *   lock the address;
 * - the account: MAX_ACCOUNT_FAILURES within WINDOW, from any addresses,
 *   put the account "under attack" for LOCK. That alone never refuses an
 *   address with no recent failure for the account: the owner signing in
 *   from their own network is let through, while every address that has
 *   already failed for it is refused. So nobody can lock a customer out by
 *   sending wrong passwords for their address, and an attacker spread over
 *   many addresses gets one guess per address while the account is under
 *   attack.
 *
 * A locked key is refused before the password is looked at. Failures count
 * for addresses that have no account too, so the answers never tell whether
 * an account exists. A successful sign-in clears the account's counter and
 * the pair; the address's counter runs out with its window (signing in to
 * one's own account must not reset the counter of an address that sprays
 * others). A password reset clears the account's counter and all of its pairs.
 */
export const SIGN_IN_LOCKOUT = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxPairFailures: 5,
  maxAccountFailures: 5,
  maxAddressFailures: 20,
} as const;

export type SignInKeys = { account: string | null; pair: string | null; address: string | null };

const accountKey = (email: string) => `account:${email}`;
/** Starts with the account's key and "|", so an account's pairs are found by prefix. */
const pairKey = (email: string, ip: string) => `${accountKey(email)}|${ip}`;

/**
 * The counter keys of one attempt: "account:<lowercased e-mail>",
 * "account:<e-mail>|ip:<address>" and "ip:<address>". Without a known client
 * address there is no address or pair key: one shared "unknown" counter would
 * let anyone lock everyone out.
 */
export function signInKeys(email: unknown, address: string | null | undefined): SignInKeys {
  const normalised = typeof email === "string" ? email.trim().toLowerCase() : "";
  // Longer than any valid address, or with characters no address has: better-auth refuses it before any password check.
  const valid = normalised.length > 0 && normalised.length <= 320 && !/[\s|\u0000-\u001f\u007f]/.test(normalised);
  const ip = address && address !== "unknown" ? `ip:${address}` : null;
  return {
    account: valid ? accountKey(normalised) : null,
    pair: valid && ip ? pairKey(normalised, ip) : null,
    address: ip,
  };
}

const keyList = (keys: SignInKeys) => [keys.account, keys.pair, keys.address].filter((k): k is string => Boolean(k));

export type SignInLock = { scope: "account" | "address"; lockedUntil: Date; retryAfterSeconds: number; minutes: number };

type Row = { key: string; failures: number; windowStartedAt: Date | string; lockedUntil: Date | string | null };

const lockedUntil = (row: Row | undefined, now: Date): Date | null => {
  const until = row?.lockedUntil ? new Date(row.lockedUntil) : null;
  return until && until > now ? until : null;
};

/** The pair has failed within the window: this address already tried this account and got it wrong. */
const failedRecently = (row: Row | undefined, now: Date) => Boolean(row && row.failures > 0 && new Date(row.windowStartedAt).getTime() > now.getTime() - SIGN_IN_LOCKOUT.windowMs);

/**
 * The lock in force for this attempt, if any (the later one when several
 * apply): the pair's, the address's, or the account's when this address has
 * failed for the account recently (or its address is unknown).
 */
export async function activeSignInLock(keys: SignInKeys, now = new Date()): Promise<SignInLock | null> {
  const list = keyList(keys);
  if (list.length === 0) return null;
  const db = await getDb();
  const rows: Row[] = await db
    .select({ key: signInFailures.key, failures: signInFailures.failures, windowStartedAt: signInFailures.windowStartedAt, lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(inArray(signInFailures.key, list));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const pair = keys.pair ? byKey.get(keys.pair) : undefined;
  const candidates: Array<{ scope: SignInLock["scope"]; until: Date | null }> = [
    { scope: "account", until: lockedUntil(pair, now) },
    { scope: "address", until: keys.address ? lockedUntil(byKey.get(keys.address), now) : null },
  ];
  if (keys.account && (!keys.address || failedRecently(pair, now))) {
    candidates.push({ scope: "account", until: lockedUntil(byKey.get(keys.account), now) });
  }
  let lock: SignInLock | null = null;
  for (const { scope, until } of candidates) {
    if (!until || (lock && lock.lockedUntil >= until)) continue;
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    lock = { scope, lockedUntil: until, retryAfterSeconds: seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) };
  }
  return lock;
}

export function signInLockMessage(lock: SignInLock): string {
  const wait = `${lock.minutes} minute${lock.minutes === 1 ? "" : "s"}`;
  return lock.scope === "account" ? `Too many failed sign-in attempts for this account. Try again in ${wait}.` : `Too many failed sign-in attempts from your network. Try again in ${wait}.`;
}

/** Counts one failed attempt against each key (atomic per key). */
export async function recordSignInFailure(keys: SignInKeys, now = new Date()): Promise<void> {
  await Promise.all([
    keys.account ? bump(keys.account, SIGN_IN_LOCKOUT.maxAccountFailures, now) : undefined,
    keys.pair ? bump(keys.pair, SIGN_IN_LOCKOUT.maxPairFailures, now) : undefined,
    keys.address ? bump(keys.address, SIGN_IN_LOCKOUT.maxAddressFailures, now) : undefined,
  ]);
  await pruneExpired(now);
}

/** A successful sign-in: forget the account's failures and this address's failures for it (not the address's own count). */
export async function clearSignInFailures(keys: SignInKeys): Promise<void> {
  const list = [keys.account, keys.pair].filter((k): k is string => Boolean(k));
  if (list.length === 0) return;
  const db = await getDb();
  await db.delete(signInFailures).where(inArray(signInFailures.key, list));
}

/** The password was reset: forget the account's failures, from every address (addresses keep their own counters). */
export async function clearAccountSignInFailures(email: string): Promise<void> {
  const { account } = signInKeys(email, null);
  if (!account) return;
  const escaped = `${account}|`.replace(/[\\%_]/g, (c) => `\\${c}`);
  const db = await getDb();
  await db.delete(signInFailures).where(or(inArray(signInFailures.key, [account]), like(signInFailures.key, `${escaped}%`)));
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

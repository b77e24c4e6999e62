import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { recordSignInFailure, SIGN_IN_LOCKOUT, signInKeys } from "@/features/auth/sign-in-lockout.server";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { getDb } from "@/lib/db";
import { signInFailures } from "@/db/schema";
import * as authRoute from "@app/api/auth/[...all]/route";
import { BASE, call, cookieFrom, createUser, TEST_PASSWORD } from "../http-helpers";

let n = 0;
/** A fresh documentation-range address for each use, unless one is given. */
const nextAddress = () => `192.0.2.${++n}`;

async function signIn(email: string, password: string, address = nextAddress()): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, [CLIENT_IP_HEADER]: address },
      body: JSON.stringify({ email, password }),
    }),
  );
}

const bodyOf = async (res: Response) => (await res.json()) as { message?: string; code?: string };

async function rows(...keys: string[]) {
  return (await getDb()).select().from(signInFailures).where(inArray(signInFailures.key, keys));
}

describe("sign-in lockout: slows the attacker's address, never locks the owner out", () => {
  it("five wrong passwords for a victim from address A: the victim signs in from address B at once; A stays refused", async () => {
    expect(SIGN_IN_LOCKOUT).toMatchObject({ maxPairFailures: 5, maxAccountFailures: 5, maxAddressFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 });
    const victim = await createUser();
    const attacker = nextAddress();
    for (let i = 0; i < 5; i++) expect((await signIn(victim.email, `wrong-${i}`, attacker)).status).toBe(401);

    // The owner, from their own network, with the right password: signed in.
    const owner = await signIn(victim.email, TEST_PASSWORD, nextAddress());
    expect(owner.status).toBe(200);
    expect(cookieFrom(owner)).toMatch(/session_token/);

    // The attacker's address is refused, even with the right password, without checking it; no session.
    const verify = vi.spyOn((await (await getAuth()).$context).password, "verify");
    const locked = await signIn(victim.email, TEST_PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(verify).not.toHaveBeenCalled();
    expect(await bodyOf(locked)).toMatchObject({ message: "Too many failed sign-in attempts for this account. Try again in 15 minutes.", code: "SIGN_IN_LOCKED" });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(cookieFrom(locked)).not.toMatch(/session_token/);
    // Case does not make it another account.
    expect((await signIn(victim.email.toUpperCase(), TEST_PASSWORD, attacker)).status).toBe(429);
    verify.mockRestore();

    // The attacker's address may still sign in to other accounts (it is not locked as a whole).
    const other = await createUser();
    expect((await signIn(other.email, TEST_PASSWORD, attacker)).status).toBe(200);
  });

  it("failures spread over many addresses put the account under attack: each address that failed is refused, a clean one still signs in", async () => {
    const u = await createUser();
    const spread = Array.from({ length: 5 }, () => nextAddress());
    for (const address of spread) expect((await signIn(u.email, "wrong-password", address)).status).toBe(401);

    // Every address that already guessed wrong is refused, even with the right password.
    for (const address of spread) {
      const res = await signIn(u.email, TEST_PASSWORD, address);
      expect(res.status).toBe(429);
      expect((await bodyOf(res)).message).toBe("Too many failed sign-in attempts for this account. Try again in 15 minutes.");
    }
    // A new address gets one guess; after that it is refused too.
    const fresh = nextAddress();
    expect((await signIn(u.email, "another-wrong-one", fresh)).status).toBe(401);
    expect((await signIn(u.email, TEST_PASSWORD, fresh)).status).toBe(429);
    // The owner's own clean address signs in.
    expect((await signIn(u.email, TEST_PASSWORD, nextAddress())).status).toBe(200);
  });

  it("states the real remaining time, and the lock ends", async () => {
    const u = await createUser();
    const address = nextAddress();
    for (let i = 0; i < 5; i++) await signIn(u.email, "wrong-password", address);
    const db = await getDb();
    // Both the pair (5 failures from here) and the account (5 failures in all) are locked.
    const keys = [`account:${u.email.toLowerCase()}|ip:${address}`, `account:${u.email.toLowerCase()}`];
    const key = keys[0]!;
    await db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() + 7 * 60_000 - 10_000) })
      .where(inArray(signInFailures.key, keys));
    expect((await bodyOf(await signIn(u.email, TEST_PASSWORD, address))).message).toBe("Too many failed sign-in attempts for this account. Try again in 7 minutes.");
    await db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() + 30_000) })
      .where(inArray(signInFailures.key, keys));
    expect((await bodyOf(await signIn(u.email, TEST_PASSWORD, address))).message).toBe("Too many failed sign-in attempts for this account. Try again in 1 minute.");

    // 15 minutes later: the locks and the windows are over.
    const ago = { lockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60_000) };
    await db.update(signInFailures).set(ago).where(inArray(signInFailures.key, keys));
    // A failure after the lock starts counting again from 1 (not locked at once).
    expect((await signIn(u.email, "wrong-password", address)).status).toBe(401);
    expect((await rows(key))[0]).toMatchObject({ failures: 1, lockedUntil: null });
    expect((await signIn(u.email, TEST_PASSWORD, address)).status).toBe(200);
  });

  it("failures older than the 15-minute window do not count", async () => {
    const u = await createUser();
    const address = nextAddress();
    for (let i = 0; i < 4; i++) await signIn(u.email, "wrong-password", address);
    const db = await getDb();
    await db
      .update(signInFailures)
      .set({ windowStartedAt: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(inArray(signInFailures.key, [`account:${u.email}`, `account:${u.email}|ip:${address}`]));
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, "wrong-password", address)).status).toBe(401);
    expect((await signIn(u.email, TEST_PASSWORD, address)).status).toBe(200);
  });

  it("counts unknown addresses the same way, so the answers do not reveal whether an account exists", async () => {
    const known = await createUser();
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const answers = async (email: string) => {
      const address = nextAddress();
      const out: Array<{ status: number; body: unknown }> = [];
      for (let i = 0; i < 6; i++) {
        const res = await signIn(email, "wrong-password", address);
        out.push({ status: res.status, body: await res.json() });
      }
      return out;
    };
    const a = await answers(known.email);
    const b = await answers(unknown);
    expect(a.map((x) => x.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(b).toEqual(a);
  });

  it("a successful sign-in clears the account's counts, not the address's own count", async () => {
    const u = await createUser();
    const address = nextAddress();
    const pair = `account:${u.email}|ip:${address}`;
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, "wrong-password", address)).status).toBe(401);
    expect(await rows(pair, `account:${u.email}`)).toHaveLength(2);
    expect((await signIn(u.email, TEST_PASSWORD, address)).status).toBe(200);
    expect(await rows(pair, `account:${u.email}`)).toHaveLength(0);
    // Four more failures: 8 in the window, but the account's count started again at the success.
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, "wrong-password", address)).status).toBe(401);
    expect((await signIn(u.email, TEST_PASSWORD, address)).status).toBe(200);
    // The address keeps its count: signing in to one account does not wipe failures against others.
    expect((await rows(`ip:${address}`))[0]?.failures).toBe(8);
  });
});

describe("sign-in lockout per address", () => {
  it("locks an address after 20 failures in 15 minutes, whatever accounts it tries", async () => {
    const u = await createUser();
    const address = nextAddress();
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`spray-${i}-${randomUUID().slice(0, 6)}@example.com`, "Summer2024!!", address)).status).toBe(401);
    }
    const locked = await signIn(u.email, TEST_PASSWORD, address);
    expect(locked.status).toBe(429);
    expect((await bodyOf(locked)).message).toBe("Too many failed sign-in attempts from your network. Try again in 15 minutes.");
    // The account itself is not locked: from another address it signs in.
    expect((await signIn(u.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("counts concurrent failures exactly (one atomic statement per key)", async () => {
    const keys = signInKeys(`race-${randomUUID().slice(0, 6)}@example.com`, nextAddress());
    await Promise.all(Array.from({ length: 12 }, () => recordSignInFailure(keys)));
    const [account, pair, address] = [(await rows(keys.account!))[0], (await rows(keys.pair!))[0], (await rows(keys.address!))[0]];
    expect(account?.failures).toBe(12);
    expect(account?.lockedUntil).not.toBeNull();
    expect(pair?.failures).toBe(12);
    expect(pair?.lockedUntil).not.toBeNull();
    expect(address?.failures).toBe(12);
    expect(address?.lockedUntil).toBeNull();
  });

  it("keeps no shared counter for requests whose address is unknown (that would lock everyone out)", () => {
    expect(signInKeys("Someone@Example.com", "unknown")).toEqual({ account: "account:someone@example.com", pair: null, address: null });
    expect(signInKeys("someone@example.com", null)).toEqual({ account: "account:someone@example.com", pair: null, address: null });
    expect(signInKeys("someone@example.com", "192.0.2.1")).toEqual({
      account: "account:someone@example.com",
      pair: "account:someone@example.com|ip:192.0.2.1",
      address: "ip:192.0.2.1",
    });
    // Nothing that could pose as another account's pair.
    expect(signInKeys("a@b.example|ip:192.0.2.1", "192.0.2.9")).toEqual({ account: null, pair: null, address: "ip:192.0.2.9" });
  });

  it("counts the address our route computed, not an x-client-ip header the caller sent", async () => {
    const res = await call(authRoute.POST, {
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { origin: BASE, "x-forwarded-for": "203.0.113.99", [CLIENT_IP_HEADER]: "10.9.9.9" },
      body: { email: `nobody-${randomUUID().slice(0, 6)}@example.com`, password: "wrong-password" },
    });
    expect(res.status).toBe(401);
    expect(await rows("ip:203.0.113.99")).toHaveLength(1);
    expect(await rows("ip:10.9.9.9")).toHaveLength(0);
  });
});

import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
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

describe("sign-in lockout per account", () => {
  it("locks an account after 5 failures in 15 minutes, from any addresses, before looking at the password", async () => {
    expect(SIGN_IN_LOCKOUT).toMatchObject({ maxAccountFailures: 5, maxAddressFailures: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 });
    const u = await createUser();
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, `wrong-${i}`)).status).toBe(401);

    // The right password, from yet another address: refused without checking it, no session.
    const verify = vi.spyOn((await (await getAuth()).$context).password, "verify");
    const locked = await signIn(u.email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(verify).not.toHaveBeenCalled();
    expect(await bodyOf(locked)).toMatchObject({ message: "Too many failed sign-in attempts for this account. Try again in 15 minutes.", code: "SIGN_IN_LOCKED" });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(cookieFrom(locked)).not.toMatch(/session_token/);

    // Case does not make it another account.
    expect((await signIn(u.email.toUpperCase(), TEST_PASSWORD)).status).toBe(429);

    // Other accounts are not affected.
    const other = await createUser();
    verify.mockClear();
    expect((await signIn(other.email, TEST_PASSWORD)).status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockRestore();
  });

  it("states the real remaining time, and the lock ends", async () => {
    const u = await createUser();
    for (let i = 0; i < 5; i++) await signIn(u.email, "wrong-password");
    const db = await getDb();
    const key = `account:${u.email.toLowerCase()}`;
    await db.update(signInFailures).set({ lockedUntil: new Date(Date.now() + 7 * 60_000 - 10_000) }).where(eq(signInFailures.key, key));
    expect((await bodyOf(await signIn(u.email, TEST_PASSWORD))).message).toBe("Too many failed sign-in attempts for this account. Try again in 7 minutes.");
    await db.update(signInFailures).set({ lockedUntil: new Date(Date.now() + 30_000) }).where(eq(signInFailures.key, key));
    expect((await bodyOf(await signIn(u.email, TEST_PASSWORD))).message).toBe("Too many failed sign-in attempts for this account. Try again in 1 minute.");

    // 15 minutes later: the lock and the window are over.
    await db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(signInFailures.key, key));
    // A failure after the lock starts counting again from 1 (not locked at once).
    expect((await signIn(u.email, "wrong-password")).status).toBe(401);
    expect((await rows(key))[0]).toMatchObject({ failures: 1, lockedUntil: null });
    expect((await signIn(u.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("failures older than the 15-minute window do not count", async () => {
    const u = await createUser();
    for (let i = 0; i < 4; i++) await signIn(u.email, "wrong-password");
    const key = `account:${u.email.toLowerCase()}`;
    await (await getDb()).update(signInFailures).set({ windowStartedAt: new Date(Date.now() - 15 * 60_000 - 1000) }).where(eq(signInFailures.key, key));
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, "wrong-password")).status).toBe(401);
    expect((await signIn(u.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("counts unknown addresses the same way, so the answers do not reveal whether an account exists", async () => {
    const known = await createUser();
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const answers = async (email: string) => {
      const out: Array<{ status: number; body: unknown }> = [];
      for (let i = 0; i < 6; i++) {
        const res = await signIn(email, "wrong-password");
        out.push({ status: res.status, body: await res.json() });
      }
      return out;
    };
    const a = await answers(known.email);
    const b = await answers(unknown);
    expect(a.map((x) => x.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(b).toEqual(a);
  });

  it("a successful sign-in clears the account's and the address's counters", async () => {
    const u = await createUser();
    const address = nextAddress();
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, "wrong-password", address)).status).toBe(401);
    expect(await rows(`account:${u.email}`, `ip:${address}`)).toHaveLength(2);
    expect((await signIn(u.email, TEST_PASSWORD, address)).status).toBe(200);
    expect(await rows(`account:${u.email}`, `ip:${address}`)).toHaveLength(0);
    // Four more failures: 8 in the window, but the count started again at the success.
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, "wrong-password", address)).status).toBe(401);
    expect((await signIn(u.email, TEST_PASSWORD, address)).status).toBe(200);
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
    const [account, address] = [(await rows(keys.account!))[0], (await rows(keys.address!))[0]];
    expect(account?.failures).toBe(12);
    expect(account?.lockedUntil).not.toBeNull();
    expect(address?.failures).toBe(12);
    expect(address?.lockedUntil).toBeNull();
  });

  it("keeps no shared counter for requests whose address is unknown (that would lock everyone out)", () => {
    expect(signInKeys("Someone@Example.com", "unknown")).toEqual({ account: "account:someone@example.com", address: null });
    expect(signInKeys("someone@example.com", null)).toEqual({ account: "account:someone@example.com", address: null });
    expect(signInKeys("someone@example.com", "192.0.2.1")).toEqual({ account: "account:someone@example.com", address: "ip:192.0.2.1" });
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

import { describe, expect, it } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { createUser, TEST_PASSWORD } from "./http-helpers";

/** A sign-in as app/api/auth/[...all]/route.ts hands it to better-auth: with the computed client address. */
async function signInFrom(address: string, email: string, password: string): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(
    new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: address, origin: "http://localhost:3000" },
      body: JSON.stringify({ email, password }),
    }),
  );
}

describe("sign-in", () => {
  it("rate limits repeated attempts from one address (better-auth's flood guard: 30 a minute)", async () => {
    const u = await createUser();
    const statuses: number[] = [];
    // 30 attempts from one address: wrong passwords for many addresses
    // (fewer than the address lockout's 20) and successes, so that no failure
    // lockout is reached before the request limit.
    for (let i = 0; i < 30; i++) {
      const res = i % 2 === 1 ? await signInFrom("203.0.113.7", u.email, TEST_PASSWORD) : await signInFrom("203.0.113.7", `nobody-${i}@example.com`, "wrong-password");
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 200, 401]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(statuses).not.toContain(429);
    // The 31st request within the minute is refused, even with the right password.
    const limited = await signInFrom("203.0.113.7", u.email, TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/too many requests/i);
    // Another address is not affected.
    const other = await signInFrom("198.51.100.9", u.email, TEST_PASSWORD);
    expect(other.status).toBe(200);
  });

  it("stores the password as a hash, never in clear", async () => {
    const u = await createUser();
    const { getDb } = await import("@/lib/db");
    const { account } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await (await getDb()).select().from(account).where(eq(account.userId, u.id));
    expect(row?.password).toBeTruthy();
    expect(row?.password).not.toContain(TEST_PASSWORD);
  });
});

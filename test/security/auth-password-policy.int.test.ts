import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { getDb } from "@/lib/db";
import { account, user } from "@/db/schema";
import { authPost, cookieFrom, createUser, TEST_PASSWORD } from "../http-helpers";

const post = (path: string, body: unknown, cookie?: string) => authPost(path, body, { cookie });

const message = async (res: Response) => ((await res.json()) as { message?: string }).message ?? "";
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

async function signsIn(address: string, password: string): Promise<boolean> {
  return (await post("/sign-in/email", { email: address, password })).status === 200;
}

describe("password policy on every endpoint that sets a password", () => {
  it("sign-up refuses a password shorter than 10 characters", async () => {
    const address = email("short");
    const res = await post("/sign-up/email", { email: address, password: "Zq8#vLw2p", name: "Sid Short" });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/at least 10 characters/);
    expect(await (await getDb()).select().from(user).where(eq(user.email, address))).toHaveLength(0);
  });

  it("sign-up refuses a common password with a helpful message, and creates nothing", async () => {
    const address = email("weak");
    const res = await post("/sign-up/email", { email: address, password: "password-1234", name: "Wes Weak", firstName: "Wes", lastName: "Weak" });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^Choose a stronger password: \S/);
    expect(await (await getDb()).select().from(user).where(eq(user.email, address))).toHaveLength(0);
  });

  it("sign-up refuses a password made of the user's own address or name", async () => {
    const res = await post("/sign-up/email", { email: "zorblax.quintar@example.com", password: "zorblaxquintar", name: "Zorblax Quintar", firstName: "Zorblax", lastName: "Quintar" });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^Choose a stronger password: /);
  });

  it("sign-up accepts a strong password", async () => {
    const res = await post("/sign-up/email", { email: email("strong"), password: TEST_PASSWORD, name: "Stu Strong" });
    expect(res.status).toBe(200);
  });

  it("change-password refuses a weak new password and keeps the old one", async () => {
    const u = await createUser();
    const weak = await post("/change-password", { currentPassword: TEST_PASSWORD, newPassword: "password12345" }, u.cookie);
    expect(weak.status).toBe(400);
    expect(await message(weak)).toMatch(/^Choose a stronger password: /);
    expect(await signsIn(u.email, TEST_PASSWORD)).toBe(true);

    const strong = await post("/change-password", { currentPassword: TEST_PASSWORD, newPassword: "Velvet-Orbit-Quill-82" }, u.cookie);
    expect(strong.status).toBe(200);
    expect(await signsIn(u.email, "Velvet-Orbit-Quill-82")).toBe(true);
  });

  it("reset-password refuses a weak new password and the token stays usable", async () => {
    const u = await createUser();
    const auth = await getAuth();
    const ctx = await auth.$context;
    const token = randomUUID();
    await ctx.internalAdapter.createVerificationValue({ identifier: `reset-password:${token}`, value: u.id, expiresAt: new Date(Date.now() + 3600_000) });

    const weak = await post("/reset-password", { token, newPassword: "qwertyuiop12" });
    expect(weak.status).toBe(400);
    expect(await message(weak)).toMatch(/^Choose a stronger password: /);
    expect(await signsIn(u.email, TEST_PASSWORD)).toBe(true);

    // Without a live token, better-auth's own answer (the strength check is not run for nothing).
    const bogus = await post("/reset-password", { token: "no-such-token", newPassword: "qwertyuiop12" });
    expect(bogus.status).toBe(400);
    expect(await message(bogus)).toMatch(/invalid token/i);

    const strong = await post("/reset-password", { token, newPassword: "Quiet-Harbor-Lamp-71" });
    expect(strong.status).toBe(200);
    expect(await signsIn(u.email, "Quiet-Harbor-Lamp-71")).toBe(true);
  });

  it("setPassword (server-only) refuses a weak password too", async () => {
    const u = await createUser();
    const auth = await getAuth();
    await expect(auth.api.setPassword({ headers: new Headers({ cookie: u.cookie }), body: { newPassword: "letmein12345" } })).rejects.toMatchObject({
      statusCode: 400,
      body: { message: expect.stringMatching(/^Choose a stronger password: /) },
    });
  });

  it("signing in is not subject to the policy: an account with an older, weaker password still signs in", async () => {
    const db = await getDb();
    const id = randomUUID();
    const address = email("legacy");
    await db.insert(user).values({ id, name: "Lee Legacy", email: address, emailVerified: true });
    await db.insert(account).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: await hashPassword("password-1234") });
    const res = await post("/sign-in/email", { email: address, password: "password-1234" });
    expect(res.status).toBe(200);
    expect(cookieFrom(res)).toMatch(/session_token/);
  });
});

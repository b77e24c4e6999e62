import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { getDb } from "@/lib/db";
import { emailMessages, user } from "@/db/schema";
import { GET as getUser } from "@app/api/auth/user/route";
import { authPost, BASE, call, cookieFrom, createUser, TEST_PASSWORD } from "../http-helpers";
import { mailsTo } from "../outbox";

const post = (path: string, body: unknown, cookie?: string) => authPost(path, body, { cookie });

async function latestLink(email: string): Promise<string> {
  const mails = await mailsTo(email, "verify-email");
  const last = mails.sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt))[0];
  const link = /https?:\/\/[^\s"<]+verify-email[^\s"<]+/.exec(last?.text ?? "")?.[0];
  if (!link) throw new Error(`no verification link for ${email}`);
  return link;
}

describe("verification links", () => {
  it("opened in a browser signed in as someone else, verify the address but never switch the browser to that account", async () => {
    const alice = await createUser({ firstName: "Alice" });
    const bobEmail = `bob-${randomUUID().slice(0, 8)}@example.com`;
    expect((await post("/sign-up/email", { email: bobEmail, password: TEST_PASSWORD, name: "Bob B", firstName: "Bob", callbackURL: "/billing" })).status).toBe(200);
    const link = await latestLink(bobEmail);

    const auth = await getAuth();
    const res = await auth.handler(new Request(link, { headers: { cookie: alice.cookie } }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?verified=1&returnTo=%2Fbilling");
    // No session cookie for Bob (nor any other session cookie).
    expect(res.headers.getSetCookie().filter((c) => /session_token|session_data/.test(c))).toEqual([]);

    const [bob] = await (await getDb()).select().from(user).where(eq(user.email, bobEmail));
    expect(bob?.emailVerified).toBe(true);
    // The browser is still Alice's.
    const me = await call(getUser, { path: "/api/auth/user", cookie: alice.cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: alice.id, email: alice.email });
  });

  it("opened by a signed-out browser, verify the address without signing in", async () => {
    const email = `solo-${randomUUID().slice(0, 8)}@example.com`;
    await post("/sign-up/email", { email, password: TEST_PASSWORD, name: "Sol O" });
    const res = await (await getAuth()).handler(new Request(await latestLink(email)));
    expect(res.status).toBe(302);
    // No callback given: back to the sign-in page, then the dashboard.
    expect(res.headers.get("location")).toBe("/login?verified=1&returnTo=%2Fdashboard");
    expect(cookieFrom(res)).not.toMatch(/session_token/);
    const [row] = await (await getDb()).select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);
  });

  it("lead to our sign-in page even when the caller asks for an API path or another site", async () => {
    for (const [callbackURL, returnTo] of [
      // (In production better-auth already refuses an untrusted absolute callback with 403;
      // under NODE_ENV=test it skips that check, which shows that ours holds on its own.)
      ["https://evil.example/phish", "/dashboard"],
      ["/api/auth/sign-out", "/dashboard"],
      ["/login?verified=1&returnTo=%2Forders", "/orders"],
    ] as const) {
      const email = `cb-${randomUUID().slice(0, 8)}@example.com`;
      expect((await post("/sign-up/email", { email, password: TEST_PASSWORD, name: "Cal Back", callbackURL })).status).toBe(200);
      const target = new URL(new URL(await latestLink(email)).searchParams.get("callbackURL")!, BASE);
      expect(target.pathname).toBe("/login");
      expect(target.searchParams.get("verified")).toBe("1");
      expect(target.searchParams.get("returnTo")).toBe(returnTo);
    }
  });

  it("resent links (send-verification-email) lead to the sign-in page too", async () => {
    const u = await createUser({ verified: false });
    const db = await getDb();
    // The sign-up e-mail went out long ago.
    await db
      .update(emailMessages)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(emailMessages.to, u.email));
    const res = await post("/send-verification-email", { email: u.email, callbackURL: "/orders" }, u.cookie);
    expect(res.status).toBe(200);
    const link = new URL(await latestLink(u.email));
    expect(link.searchParams.get("callbackURL")).toBe("/login?verified=1&returnTo=%2Forders");
  });
});

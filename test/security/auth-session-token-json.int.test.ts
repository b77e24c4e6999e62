import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { session } from "@/db/schema";
import * as authRoute from "@app/api/auth/[...all]/route";
import * as me from "@app/api/auth/user/route";
import { BASE, call, cookieFrom, createUser, TEST_PASSWORD } from "../http-helpers";

/**
 * The session token lives in an HttpOnly cookie so that no script can read
 * it. No JSON answer of /api/auth/* may hand it out anyway (ADR 0104), while
 * the cookie keeps working. Requests go through the real route
 * (app/api/auth/[...all]/route.ts), each from its own client address.
 */

let n = 0;
function authCall(method: "GET" | "POST", path: string, opts: { body?: unknown; cookie?: string } = {}): Promise<Response> {
  const headers = { origin: BASE, "x-forwarded-for": `198.51.100.${++n}` };
  return call(method === "GET" ? authRoute.GET : authRoute.POST, { method, path: `/api/auth${path}`, body: opts.body, cookie: opts.cookie, headers });
}

/** Every session token the user has, as stored. */
async function tokensOf(userId: string): Promise<string[]> {
  const rows = await (await getDb()).select({ token: session.token }).from(session).where(eq(session.userId, userId));
  return rows.map((r) => r.token);
}

/** The answer's text holds none of the tokens and no `token` field. */
async function expectNoToken(res: Response, tokens: string[]): Promise<unknown> {
  const text = await res.text();
  expect(tokens.length).toBeGreaterThan(0);
  for (const token of tokens) expect(text).not.toContain(token);
  expect(text).not.toMatch(/"token"\s*:/);
  return JSON.parse(text) as unknown;
}

const signedInAs = async (cookie: string) => {
  const res = await call(me.GET, { path: "/api/auth/user", cookie });
  return res.status === 200 ? ((await res.json()) as { id: string }).id : null;
};

describe("no JSON answer of /api/auth/* carries the session token", () => {
  it("sign-in answers the user without the token; its cookie signs in", async () => {
    const u = await createUser();
    const res = await authCall("POST", "/sign-in/email", { body: { email: u.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const cookie = cookieFrom(res);
    expect(cookie).toMatch(/session_token=/);
    // The token in the cookie is one of the user's sessions (the cookie value is "<token>.<signature>").
    const cookieToken = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
    const tokens = await tokensOf(u.id);
    expect(tokens).toContain(cookieToken);
    expect(await expectNoToken(res, tokens)).toMatchObject({ user: { id: u.id, email: u.email } });
    expect(await signedInAs(cookie)).toBe(u.id);
  });

  it("get-session and list-sessions describe the sessions without their tokens", async () => {
    const u = await createUser();
    const other = cookieFrom(await authCall("POST", "/sign-in/email", { body: { email: u.email, password: TEST_PASSWORD } }));
    expect(other).toMatch(/session_token=/);
    const tokens = await tokensOf(u.id);
    expect(tokens).toHaveLength(2);

    const got = await authCall("GET", "/get-session", { cookie: u.cookie });
    expect(got.status).toBe(200);
    const current = (await expectNoToken(got, tokens)) as { session: { id: string; userId: string }; user: { id: string } };
    expect(current.user.id).toBe(u.id);
    expect(current.session).toMatchObject({ userId: u.id, id: expect.any(String) });

    const listed = await authCall("GET", "/list-sessions", { cookie: u.cookie });
    expect(listed.status).toBe(200);
    const sessions = (await expectNoToken(listed, tokens)) as Array<{ id: string; userId: string }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.userId)).toEqual([u.id, u.id]);
  });

  it("sign-up answers without a token field", async () => {
    const email = `token-${randomUUID().slice(0, 8)}@example.com`;
    const res = await authCall("POST", "/sign-up/email", { body: { email, password: TEST_PASSWORD, name: "Tok En" } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(/"token"\s*:/);
    expect(JSON.parse(text)).toMatchObject({ user: { email } });
  });

  it("change-password with revokeOtherSessions answers without the new session's token; the new cookie works", async () => {
    const u = await createUser();
    const res = await authCall("POST", "/change-password", {
      cookie: u.cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: "Brisk-Otter-Harbour-42", revokeOtherSessions: true },
    });
    expect(res.status).toBe(200);
    const tokens = await tokensOf(u.id);
    await expectNoToken(res, tokens);
    const fresh = cookieFrom(res);
    expect(fresh).toMatch(/session_token=/);
    expect(await signedInAs(fresh)).toBe(u.id);
  });

  it("/api/auth/user answers the profile without any token", async () => {
    const u = await createUser();
    const res = await call(me.GET, { path: "/api/auth/user", cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(await expectNoToken(res, await tokensOf(u.id))).toMatchObject({ id: u.id });
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAuth } from "@/features/auth/auth.server";
import { listOwnSessions } from "@/features/account-care/sessions.server";
import { getDb } from "@/lib/db";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { session } from "@/db/schema";
import { GET as getUser } from "@app/api/auth/user/route";
import { DELETE as revokeSession } from "@app/api/sessions/[id]/route";
import { authPost, BASE, call, cookieFrom, createUser, TEST_PASSWORD, type TestUser } from "../http-helpers";

/**
 * Issue 22, account care: the sessions list on /profile (device, address,
 * last used, "This device"), "Sign out" of one session through
 * DELETE /api/sessions/<id> (better-auth's answers carry no tokens, so the
 * browser names a session by id), and "Sign out everywhere else". A signed-out
 * session's next request is 401.
 */

const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Signs in again from another device (its user agent and address). */
async function signInFrom(u: TestUser, userAgent: string, address: string): Promise<string> {
  const auth = await getAuth();
  const res = await auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, "user-agent": userAgent, [CLIENT_IP_HEADER]: address },
      body: JSON.stringify({ email: u.email, password: TEST_PASSWORD }),
    }),
  );
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

async function sessionIdOf(cookie: string): Promise<string> {
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers: new Headers({ cookie }) });
  return found!.session.id;
}

const status = async (cookie: string) => (await call(getUser, { path: "/api/auth/user", cookie })).status;
/** What the next request of each named session answers (200 signed in, 401 signed out). */
async function statuses(sessions: Record<string, string>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, cookie] of Object.entries(sessions)) out[name] = await status(cookie);
  return out;
}
const sessionCount = async (userId: string) => (await (await getDb()).select().from(session).where(eq(session.userId, userId))).length;
const allSessions = async () => (await (await getDb()).select({ id: session.id }).from(session)).length;
const del = (cookie: string | undefined, id: string) => call(revokeSession, { method: "DELETE", path: `/api/sessions/${id}`, params: { id }, cookie });

describe("the sessions list", () => {
  it("lists the login's sessions with device, address and last use, this device first, and no token", async () => {
    const u = await createUser();
    const mac = await signInFrom(u, MAC_CHROME, "203.0.113.7");
    await signInFrom(u, IPHONE_SAFARI, "198.51.100.23");
    const sessions = await listOwnSessions(u.id, await sessionIdOf(mac));
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: "Chrome on macOS", address: "203.0.113.7", current: true });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toContain("Safari on iPhone");
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual(["address", "current", "device", "id", "lastUsedAt", "signedInAt"]);
      expect(Number.isNaN(Date.parse(s.lastUsedAt))).toBe(false);
    }
  });
});

describe("DELETE /api/sessions/<id>", () => {
  it("signs one other session out: one row goes, its next request is 401, the others go on", async () => {
    const u = await createUser();
    const phone = await signInFrom(u, IPHONE_SAFARI, "198.51.100.23");
    const laptop = await signInFrom(u, MAC_CHROME, "203.0.113.7");
    const before = await allSessions();
    const res = await del(u.cookie, await sessionIdOf(phone));
    expect(res.status).toBe(200);
    expect(await allSessions()).toBe(before - 1);
    expect(await sessionCount(u.id)).toBe(2);
    expect(await statuses({ phone, laptop, own: u.cookie })).toEqual({ phone: 401, laptop: 200, own: 200 });
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const u = await createUser();
    const other = await createUser();
    const before = await allSessions();
    const res = await del(u.cookie, await sessionIdOf(other.cookie));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Session not found." });
    expect(await allSessions()).toBe(before);
    expect(await status(other.cookie)).toBe(200);
  });

  it("refuses the caller's own session (Log out ends that one) and an unknown id", async () => {
    const u = await createUser();
    const before = await allSessions();
    const own = await del(u.cookie, await sessionIdOf(u.cookie));
    expect(own.status).toBe(400);
    expect(((await own.json()) as { message: string }).message).toMatch(/Log out/);
    expect((await del(u.cookie, "no-such-session")).status).toBe(404);
    expect(await allSessions()).toBe(before);
    expect(await status(u.cookie)).toBe(200);
  });

  it("is 401 without a session", async () => {
    const u = await createUser();
    expect((await del(undefined, await sessionIdOf(u.cookie))).status).toBe(401);
  });
});

describe("sign out everywhere else", () => {
  it("ends every other session of the login (and no one else's); this one goes on", async () => {
    const u = await createUser();
    const other = await createUser();
    const phone = await signInFrom(u, IPHONE_SAFARI, "198.51.100.23");
    const laptop = await signInFrom(u, MAC_CHROME, "203.0.113.7");
    const before = await allSessions();
    const res = await authPost("/revoke-other-sessions", {}, { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(await allSessions()).toBe(before - 2);
    expect(await sessionCount(u.id)).toBe(1);
    expect(await statuses({ phone, laptop, own: u.cookie, other: other.cookie })).toEqual({ phone: 401, laptop: 401, own: 200, other: 200 });
  });
});

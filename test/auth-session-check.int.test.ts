import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { session, user as userTable } from "@/db/schema";
import { GET as getUser } from "@app/api/auth/user/route";
import { GET as adminNotifications } from "@app/api/admin/notifications/route";
import { SESSION_EXPIRES_IN_SECONDS } from "@/features/auth/session-cookie.server";
import { call, createUser } from "./http-helpers";

/**
 * The session check of every signed-in request (ADR 0156): the cookie's
 * signature is checked, then the session, its user and the memberships are
 * read in one statement, so whatever changes in the database shows at the
 * next request.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cookie with one character of the session token's signature changed. */
function tampered(cookie: string): string {
  return cookie.replace(/(session_token=[^;]*?)(.)(%3D|=)(;|$)/, (_m, head: string, last: string, eqSign: string, tail: string) => `${head}${last === "A" ? "B" : "A"}${eqSign}${tail}`);
}

async function sessionRows(userId: string) {
  const db = await getDb();
  return db.select({ id: session.id, expiresAt: session.expiresAt }).from(session).where(eq(session.userId, userId));
}

describe("the session check", () => {
  it("refuses a session cookie whose signature is not the server's, and one without any", async () => {
    const customer = await createUser();
    expect((await call(getUser, { path: "/api/auth/user", cookie: customer.cookie })).status).toBe(200);
    const forged = tampered(customer.cookie);
    expect(forged).not.toBe(customer.cookie);
    expect((await call(getUser, { path: "/api/auth/user", cookie: forged })).status).toBe(401);
    const unsigned = customer.cookie.replace(/(session_token=[^.;]*)\.[^;]*/, "$1");
    expect((await call(getUser, { path: "/api/auth/user", cookie: unsigned })).status).toBe(401);
    // A signature of the right length in characters but not base64 (multi-byte): refused, not a 500.
    const garbled = customer.cookie.replace(/(session_token=[^.;]*)\.[^;]*/, `$1.${encodeURIComponent("é".repeat(43) + "=")}`);
    expect((await call(getUser, { path: "/api/auth/user", cookie: garbled })).status).toBe(401);
  });

  it("answers 401 at the next request once the session has expired or was deleted", async () => {
    const db = await getDb();
    const expired = await createUser();
    const updated = await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, expired.id))
      .returning({ id: session.id });
    expect(updated).toHaveLength(1);
    expect((await call(getUser, { path: "/api/auth/user", cookie: expired.cookie })).status).toBe(401);

    const revoked = await createUser();
    const deleted = await db.delete(session).where(eq(session.userId, revoked.id)).returning({ id: session.id });
    expect(deleted).toHaveLength(1);
    expect((await call(getUser, { path: "/api/auth/user", cookie: revoked.cookie })).status).toBe(401);
  });

  it("shows an operator admin's demotion at the next request", async () => {
    const admin = await createUser({ role: "admin" });
    expect((await call(adminNotifications, { path: "/api/admin/notifications", cookie: admin.cookie })).status).toBe(200);
    const db = await getDb();
    const demoted = await db.update(userTable).set({ role: "customer" }).where(eq(userTable.id, admin.id)).returning({ id: userTable.id });
    expect(demoted).toHaveLength(1);
    expect((await call(adminNotifications, { path: "/api/admin/notifications", cookie: admin.cookie })).status).toBe(403);
    const me = (await (await call(getUser, { path: "/api/auth/user", cookie: admin.cookie })).json()) as { role: string };
    expect(me.role).toBe("customer");
  });

  it("slides the expiry forward once the session is a day old, and not before", async () => {
    const customer = await createUser();
    const [fresh] = await sessionRows(customer.id);
    expect((await call(getUser, { path: "/api/auth/user", cookie: customer.cookie })).status).toBe(200);
    expect((await sessionRows(customer.id))[0]!.expiresAt.getTime()).toBe(fresh!.expiresAt.getTime());

    // Two days into its fourteen: due for better-auth's refresh.
    const db = await getDb();
    const aged = new Date(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000 - 2 * DAY_MS);
    await db.update(session).set({ expiresAt: aged }).where(eq(session.userId, customer.id));
    expect((await call(getUser, { path: "/api/auth/user", cookie: customer.cookie })).status).toBe(200);
    const after = (await sessionRows(customer.id))[0]!.expiresAt.getTime();
    expect(after).toBeGreaterThan(aged.getTime() + DAY_MS);
  });
});

import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { account, session } from "@/db/schema";
import { deviceSummary } from "./device-summary";
import type { SessionView } from "./session-view";

/**
 * The signed-in user's sessions for /profile (issue 22): the same rows
 * better-auth's list-sessions answers (the user's, not expired), read here
 * because its endpoint wants a session younger than a day ("fresh"), and
 * described without their tokens. Last used is `updated_at`, which
 * better-auth moves forward when it extends a session (at most once a day).
 */
export async function listOwnSessions(userId: string, currentSessionId: string | null, now = new Date()): Promise<SessionView[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: session.id, userAgent: session.userAgent, ipAddress: session.ipAddress, createdAt: session.createdAt, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt), desc(session.id));
  const views = rows.map((r) => ({
    id: r.id,
    device: deviceSummary(r.userAgent),
    address: r.ipAddress || null,
    signedInAt: r.createdAt.toISOString(),
    lastUsedAt: r.updatedAt.toISOString(),
    current: r.id === currentSessionId,
  }));
  // This device first, then the most recently used.
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/** The token of one of the user's own sessions (better-auth's revoke-session takes the token), or null when the id is not theirs. */
export async function ownSessionToken(userId: string, sessionId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .limit(1);
  return row?.token ?? null;
}

/** Whether the login has a password (an e-mail sign-up) or signs in only through the identity provider. */
export async function hasPassword(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  return Boolean(row?.password);
}

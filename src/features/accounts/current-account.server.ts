import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { member, organization } from "@/db/schema";
import { isAccountRole, type AccountRole } from "./permissions";

export type CurrentAccount = {
  id: string;
  name: string;
  role: AccountRole;
  billingEmail: string | null;
  timeZone: string;
};

const columns = {
  id: organization.id,
  name: organization.name,
  role: member.role,
  billingEmail: organization.billingEmail,
  timeZone: organization.timeZone,
};

/**
 * The business account the caller works in, read from the membership table on
 * every request (no cache): a removed member's next request finds nothing.
 *
 * - The session names an account and the user is a member: that account.
 * - The session names an account the user is no longer a member of: null
 *   (the "no access" answer), even when they belong to others.
 * - The session names none (a session from before the account existed): the
 *   user's oldest membership.
 */
export async function currentAccount(user: { id: string; sessionAccountId: string | null }): Promise<CurrentAccount | null> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(user.sessionAccountId ? and(eq(member.userId, user.id), eq(member.organizationId, user.sessionAccountId)) : eq(member.userId, user.id))
    .orderBy(asc(member.createdAt), asc(member.id))
    .limit(1);
  const row = rows[0];
  if (!row || !isAccountRole(row.role)) return null;
  return { ...row, role: row.role };
}

/**
 * Every account the user belongs to, oldest first, and the one the session
 * works in (by currentAccount's rules), in one query: the header's
 * /api/auth/user reads both on every page view.
 */
export async function membershipsOf(user: { id: string; sessionAccountId: string | null }): Promise<{ current: CurrentAccount | null; all: Array<{ id: string; name: string; role: string }> }> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, user.id))
    .orderBy(asc(member.createdAt), asc(member.id));
  const chosen = user.sessionAccountId ? rows.find((r) => r.id === user.sessionAccountId) : rows[0];
  const current = chosen && isAccountRole(chosen.role) ? { ...chosen, role: chosen.role } : null;
  return { current, all: rows.map((r) => ({ id: r.id, name: r.name, role: r.role })) };
}

/** Every account the user belongs to, oldest first (the header's switcher). */
export async function accountsOf(userId: string): Promise<Array<{ id: string; name: string; role: string }>> {
  const db = await getDb();
  return db
    .select({ id: organization.id, name: organization.name, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt), asc(member.id));
}

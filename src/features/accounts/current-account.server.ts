import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { member, organization } from "@/db/schema";
import { isAccountRole, type AccountRole } from "./permissions";
import type { MembershipRow } from "./signed-in.server";

export type CurrentAccount = {
  id: string;
  name: string;
  role: AccountRole;
  billingEmail: string | null;
  timeZone: string;
};

/** The caller as the session check saw them: `memberships` is present when that check already read them (ADR 0156). */
type Caller = { id: string; sessionAccountId: string | null; memberships?: MembershipRow[] };

/** The session's account among the user's memberships (oldest first), by currentAccount's rules. */
function chooseAccount(rows: MembershipRow[], sessionAccountId: string | null): CurrentAccount | null {
  const chosen = sessionAccountId ? rows.find((r) => r.id === sessionAccountId) : rows[0];
  return chosen && isAccountRole(chosen.role) ? { ...chosen, role: chosen.role } : null;
}

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
export async function currentAccount(user: Caller): Promise<CurrentAccount | null> {
  if (user.memberships) return chooseAccount(user.memberships, user.sessionAccountId);
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
export async function membershipsOf(user: Caller): Promise<{ current: CurrentAccount | null; all: Array<{ id: string; name: string; role: string }> }> {
  const rows = user.memberships ?? (await membershipRows(user.id));
  return { current: chooseAccount(rows, user.sessionAccountId), all: rows.map((r) => ({ id: r.id, name: r.name, role: r.role })) };
}

async function membershipRows(userId: string): Promise<MembershipRow[]> {
  const db = await getDb();
  return db.select(columns).from(member).innerJoin(organization, eq(organization.id, member.organizationId)).where(eq(member.userId, userId)).orderBy(asc(member.createdAt), asc(member.id));
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

import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { member, organization, session, user } from "@/db/schema";

/** One of the user's memberships, as the session check reads it (oldest first). */
export type MembershipRow = { id: string; name: string; role: string; billingEmail: string | null; timeZone: string };

export type SignedInRow = {
  sessionId: string;
  expiresAt: Date;
  activeOrganizationId: string | null;
  user: { id: string; email: string; emailVerified: boolean; firstName: string | null; lastName: string | null; image: string | null; role: string };
  memberships: MembershipRow[];
};

/**
 * The session check of every signed-in request (ADR 0156), in one statement:
 * the session named by the (already verified) cookie token, unexpired, with
 * its user and every membership of that user, read fresh. A session signed
 * out elsewhere, a changed role and a removal from an account therefore show
 * at the very next request, with no cache to wait for.
 */
export async function signedInByToken(token: string): Promise<SignedInRow | null> {
  const db = await getDb();
  const memberships = sql<MembershipRow[]>`coalesce((
    select json_agg(json_build_object('id', ${organization.id}, 'name', ${organization.name}, 'role', ${member.role}, 'billingEmail', ${organization.billingEmail}, 'timeZone', ${organization.timeZone})
      order by ${member.createdAt}, ${member.id})
    from ${member} inner join ${organization} on ${organization.id} = ${member.organizationId}
    where ${member.userId} = ${user.id}), '[]'::json)`;
  const rows = await db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      activeOrganizationId: session.activeOrganizationId,
      user: { id: user.id, email: user.email, emailVerified: user.emailVerified, firstName: user.firstName, lastName: user.lastName, image: user.image, role: user.role },
      memberships,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, token), gt(session.expiresAt, new Date())))
    .limit(1);
  return rows[0] ?? null;
}

import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { invitation, member, user } from "@/db/schema";
import { can, type AccountRole } from "./permissions";
import { OWNER_ROLE } from "./components/members-model";
import type { FullOrganization } from "./components/account-page-data";

/**
 * /account's members and waiting invitations of one account, read directly
 * (two statements at once) with the rules better-auth's get-full-organization
 * applies: invitations only for a role that may invite (members.manage), and
 * invitations to the owner role only for an owner. The caller's membership is
 * the session check's (ADR 0156).
 */
export async function accountPeople(accountId: string, viewerRole: AccountRole): Promise<FullOrganization> {
  const db = await getDb();
  const mayInvite = can(viewerRole, "members.manage");
  const [members, invitations] = await Promise.all([
    db
      .select({ id: member.id, userId: member.userId, role: member.role, createdAt: member.createdAt, user: { name: user.name, email: user.email } })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.organizationId, accountId))
      .orderBy(asc(member.createdAt), asc(member.id)),
    mayInvite
      ? db
          .select({
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            status: invitation.status,
            expiresAt: invitation.expiresAt,
            createdAt: invitation.createdAt,
            lastSentAt: invitation.lastSentAt,
          })
          .from(invitation)
          .where(and(eq(invitation.organizationId, accountId), eq(invitation.status, "pending")))
      : Promise.resolve([]),
  ]);
  return { members, invitations: viewerRole === OWNER_ROLE ? invitations : invitations.filter((i) => i.role !== OWNER_ROLE) };
}

import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { invitation, member, organization, user as userTable } from "@/db/schema";
import { isAccountRole, ROLE_DESCRIPTIONS, ROLE_LABELS } from "./permissions";

/** What the invitation offers, as the page shows it. */
export type InvitationSummary = {
  id: string;
  organizationId: string;
  accountName: string;
  roleLabel: string;
  roleDescription: string;
  inviterName: string;
  /** The invited address with most of it hidden: "a…@e….com". */
  maskedEmail: string;
  expiresAt: Date;
};

/**
 * The states of /invitations/[id] (issue 22), each a page of its own:
 * - not-found: no such invitation (or an id that cannot be one);
 * - gone: the business account was deleted;
 * - expired, used (accepted), cancelled (by the account) or declined (by the invitee);
 * - sign-in: nobody signed in; sign in or create a login, then come back;
 * - wrong-user: signed in with another address;
 * - already-member: the right address, already in that account;
 * - ready: the right address; Accept or Decline.
 */
export type InvitationPageState =
  | { kind: "not-found" }
  | { kind: "gone" }
  | { kind: "expired"; invitation: InvitationSummary }
  | { kind: "used"; invitation: InvitationSummary }
  | { kind: "cancelled"; invitation: InvitationSummary }
  | { kind: "declined"; invitation: InvitationSummary }
  | { kind: "sign-in"; invitation: InvitationSummary }
  | { kind: "wrong-user"; invitation: InvitationSummary; signedInAs: string }
  | { kind: "already-member"; invitation: InvitationSummary }
  | { kind: "ready"; invitation: InvitationSummary };

/** better-auth's invitation ids are letters and digits; anything else (or too long) is no invitation, and is never sent to the database. */
const INVITATION_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** "alex@example.com" -> "a…@e….com": enough to recognise one's own address, not enough to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "…";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const maskedDomain = dot > 0 ? `${domain[0]}…${domain.slice(dot)}` : `${domain[0] ?? ""}…`;
  return `${local[0]}…@${maskedDomain}`;
}

function personName(u: { firstName: string | null; lastName: string | null; name: string | null; email: string } | null): string {
  if (!u) return "A member of the account";
  return (
    [u.firstName, u.lastName]
      .map((x) => x?.trim())
      .filter(Boolean)
      .join(" ") ||
    u.name?.trim() ||
    u.email
  );
}

/**
 * Which page /invitations/[id] shows, read from the database (the id is the
 * secret of the link). `viewer` is the signed-in user, or null. Never throws
 * for a bad or unknown id.
 */
export async function invitationPageState(id: string, viewer: { id: string; email: string } | null, now = new Date()): Promise<InvitationPageState> {
  if (!INVITATION_ID.test(id)) return { kind: "not-found" };
  const db = await getDb();
  const [row] = await db
    .select({
      id: invitation.id,
      organizationId: invitation.organizationId,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      accountName: organization.name,
      deletedAt: organization.deletedAt,
      inviter: { firstName: userTable.firstName, lastName: userTable.lastName, name: userTable.name, email: userTable.email },
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .leftJoin(userTable, eq(userTable.id, invitation.inviterId))
    .where(eq(invitation.id, id))
    .limit(1);
  if (!row) return { kind: "not-found" };
  if (row.deletedAt) return { kind: "gone" };
  const summary: InvitationSummary = {
    id: row.id,
    organizationId: row.organizationId,
    accountName: row.accountName,
    roleLabel: isAccountRole(row.role) ? ROLE_LABELS[row.role] : row.role,
    roleDescription: isAccountRole(row.role) ? ROLE_DESCRIPTIONS[row.role] : "",
    inviterName: personName(row.inviter?.email ? row.inviter : null),
    maskedEmail: maskEmail(row.email),
    expiresAt: row.expiresAt,
  };
  if (row.status === "accepted") return { kind: "used", invitation: summary };
  if (row.status === "canceled") return { kind: "cancelled", invitation: summary };
  if (row.status === "rejected") return { kind: "declined", invitation: summary };
  if (row.status !== "pending") return { kind: "not-found" };
  if (row.expiresAt.getTime() <= now.getTime()) return { kind: "expired", invitation: summary };
  if (!viewer) return { kind: "sign-in", invitation: summary };
  if (viewer.email.trim().toLowerCase() !== row.email.trim().toLowerCase()) return { kind: "wrong-user", invitation: summary, signedInAs: viewer.email };
  const [already] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, row.organizationId), eq(member.userId, viewer.id)))
    .limit(1);
  if (already) return { kind: "already-member", invitation: summary };
  return { kind: "ready", invitation: summary };
}

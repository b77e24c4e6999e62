import "server-only";
import { count, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiReadyOrders, subscriptions } from "@/db/schema";
import { accountMembers, accountRow, pendingInvitations } from "@/features/accounts/account-reads.server";
import { personName } from "./account-ref";

export type AdminAccountMember = { userId: string; name: string; email: string; role: string; joinedAt: string };
export type AdminAccountInvitation = {
  id: string;
  email: string;
  role: string;
  invitedBy: { name: string; email: string } | null;
  expiresAt: string;
  /** Still pending but past its expiry: the link no longer works. */
  expired: boolean;
};

/** What the read-only account page (/admin/accounts/[id]) shows; dates ISO. */
export type AdminAccountView = {
  id: string;
  name: string;
  createdAt: string;
  billingEmail: string | null;
  timeZone: string;
  deletedAt: string | null;
  /** Oldest first: the first owner is the one the lists name. */
  members: AdminAccountMember[];
  /** Pending invitations, soonest to expire first. */
  invitations: AdminAccountInvitation[];
  subscriptionCount: number;
  orderCount: number;
};

/**
 * One business account for the operator's read-only page (issue 22, ADR 0110):
 * its details, members with their roles, pending invitations and how many
 * subscriptions and orders it holds. Null for an unknown id. Reads only; the
 * console offers no edit and no impersonation.
 */
export async function getAdminAccount(id: string, now = new Date()): Promise<AdminAccountView | null> {
  const db = await getDb();
  const account = await accountRow(id);
  if (!account) return null;
  const members = await accountMembers(id);
  const invitations = await pendingInvitations(id);
  const [subs] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.accountId, id));
  const [orders] = await db.select({ n: count() }).from(aiReadyOrders).where(eq(aiReadyOrders.accountId, id));
  return {
    id: account.id,
    name: account.name,
    createdAt: account.createdAt.toISOString(),
    billingEmail: account.billingEmail,
    timeZone: account.timeZone,
    deletedAt: account.deletedAt?.toISOString() ?? null,
    members: members.map((m) => ({ userId: m.userId, name: personName(m), email: m.email, role: m.role, joinedAt: m.joinedAt.toISOString() })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      invitedBy: i.inviter ? { name: personName(i.inviter), email: i.inviter.email } : null,
      expiresAt: i.expiresAt.toISOString(),
      expired: i.expiresAt.getTime() <= now.getTime(),
    })),
    subscriptionCount: subs?.n ?? 0,
    orderCount: orders?.n ?? 0,
  };
}

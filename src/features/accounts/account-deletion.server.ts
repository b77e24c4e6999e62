import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { invitation, member, organization } from "@/db/schema";
import { recordAudit, type AuditActor } from "./audit.server";

/**
 * Deleting a business account (issue 22, ADR 0109), and the rule that keeps
 * a login from leaving an account without an owner.
 *
 * The account row stays (its invoices must be kept, and its audit log with
 * them) with `deleted_at` set; its members and pending invitations go, so
 * every member's next request finds no membership (current-account.server.ts
 * reads it on every request). What other features do for a deleted account
 * (cancel the subscriptions at the provider, anonymise the calls, revoke
 * the API keys, count the invoices kept) comes in as
 * `steps`: this feature sits below billing and interactions.
 */

/** What other features do for a deleted account, inside the deletion's transaction; each returns how many rows it changed. */
export type AccountClosingSteps = {
  /** Ends the account's live subscriptions at the provider through durable jobs enqueued in `tx`, and marks them. */
  cancelSubscriptions(tx: DbOrTx, accountId: string, now: Date): Promise<number>;
  /** Anonymises the account's calls and messages. */
  anonymiseInteractions(tx: DbOrTx, accountId: string, now: Date): Promise<number>;
  /** Revokes the account's customer API keys. */
  revokeApiKeys(tx: DbOrTx, accountId: string, now: Date): Promise<number>;
  /** How many invoices the account keeps. */
  countInvoices(tx: DbOrTx, accountId: string): Promise<number>;
};

export type AccountDeletion = {
  accountId: string;
  accountName: string;
  subscriptionsCancelled: number;
  interactionsAnonymised: number;
  membersRemoved: number;
  invitationsCancelled: number;
  apiKeysRevoked: number;
  invoicesKept: number;
};

/**
 * Deletes the account in one transaction: the audit entry "account.deleted"
 * (written while the members are still there), the steps, the account's
 * customer API keys revoked, pending invitations and every membership
 * deleted, `deleted_at` set. Invoices are kept. Null when there is no such
 * account or it is deleted already.
 */
export async function deleteBusinessAccount(accountId: string, actor: AuditActor, steps: AccountClosingSteps): Promise<AccountDeletion | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: organization.id, name: organization.name })
      .from(organization)
      .where(and(eq(organization.id, accountId), isNull(organization.deletedAt)))
      .for("update");
    if (!account) return null;
    const now = new Date();
    await recordAudit({ accountId, actor, action: "account.deleted", detail: account.name }, tx);
    const subscriptionsCancelled = await steps.cancelSubscriptions(tx, accountId, now);
    const interactionsAnonymised = await steps.anonymiseInteractions(tx, accountId, now);
    const apiKeysRevoked = await steps.revokeApiKeys(tx, accountId, now);
    const invitations = await tx
      .delete(invitation)
      .where(and(eq(invitation.organizationId, accountId), eq(invitation.status, "pending")))
      .returning({ id: invitation.id });
    const members = await tx.delete(member).where(eq(member.organizationId, accountId)).returning({ id: member.id });
    const marked = await tx.update(organization).set({ deletedAt: now }).where(eq(organization.id, accountId)).returning({ id: organization.id });
    if (marked.length !== 1) throw new Error(`account deletion: expected to mark 1 account, marked ${marked.length}`);
    const invoicesKept = await steps.countInvoices(tx, accountId);
    return {
      accountId,
      accountName: account.name,
      subscriptionsCancelled,
      interactionsAnonymised,
      membersRemoved: members.length,
      invitationsCancelled: invitations.length,
      apiKeysRevoked,
      invoicesKept,
    };
  });
}

export type AccountRef = { id: string; name: string };

/** What deleting a login means for the user's accounts. */
export type LoginDeletionCheck = {
  /** Accounts the user is the last owner of while others are members: the login may not go. */
  blocking: AccountRef[];
  /** Accounts the user is the only member of: deleting the login deletes them. */
  soleMember: AccountRef[];
};

/** The user's memberships, sorted into those that stop the login's deletion and those it deletes with it. */
export async function loginDeletionCheck(userId: string): Promise<LoginDeletionCheck> {
  const db = await getDb();
  const others = sql<number>`(select count(*)::int from ${member} as m2 where m2.organization_id = ${member.organizationId} and m2.user_id <> ${member.userId})`;
  const otherOwners = sql<number>`(select count(*)::int from ${member} as m2 where m2.organization_id = ${member.organizationId} and m2.user_id <> ${member.userId} and m2.role = 'owner')`;
  const rows = await db
    .select({ id: organization.id, name: organization.name, role: member.role, others, otherOwners })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.userId, userId), isNull(organization.deletedAt)))
    .orderBy(organization.name, organization.id);
  const ref = (r: (typeof rows)[number]): AccountRef => ({ id: r.id, name: r.name });
  return {
    blocking: rows.filter((r) => r.role === "owner" && Number(r.otherOwners) === 0 && Number(r.others) > 0).map(ref),
    soleMember: rows.filter((r) => Number(r.others) === 0).map(ref),
  };
}

/** "A, B and C". */
function listOfNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Why the login may not be deleted (it is the last owner of accounts with other members), or null. */
export function loginDeletionRefusal(blocking: AccountRef[]): string | null {
  if (blocking.length === 0) return null;
  const names = listOfNames(blocking.map((a) => a.name));
  const which = blocking.length === 1 ? "an account that has other members" : "accounts that have other members";
  return `You are the last owner of ${names}, ${which}. Before you delete your login, make another member an owner or delete the business account on the Account page (/account).`;
}

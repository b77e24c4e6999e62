import "server-only";
import { aliasedTable, and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { invitation, member, organization, user } from "@/db/schema";

/**
 * The accounts' and logins' rows for other features (tables have owners,
 * issue 26, ADR 0151). Logins (`user`) belong to auth, which sits above this
 * feature; this feature reads them for those below auth.
 */

/** The login with this e-mail (exactly as stored), if any. */
export async function userByEmail(email: string): Promise<typeof user.$inferSelect | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(user).where(eq(user.email, email)).limit(1);
  return row;
}

/** The business account with this id (deleted or not), if any. */
export async function accountRow(accountId: string): Promise<typeof organization.$inferSelect | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(organization).where(eq(organization.id, accountId)).limit(1);
  return row;
}

/** The business account's time zone as stored (null when there is no such account). */
export async function accountTimeZone(accountId: string): Promise<string | null> {
  const db = await getDb();
  const [org] = await db.select({ timeZone: organization.timeZone }).from(organization).where(eq(organization.id, accountId)).limit(1);
  return org?.timeZone ?? null;
}

/** Locks the business account's row until the transaction ends; false when there is no such account. */
export async function lockAccount(tx: DbOrTx, accountId: string): Promise<boolean> {
  const [account] = await tx.select({ id: organization.id }).from(organization).where(eq(organization.id, accountId)).for("update");
  return Boolean(account);
}

/** The account's members with their logins' names and e-mails, oldest first (the first owner is the one the lists name). */
export async function accountMembers(accountId: string, tx?: DbOrTx) {
  const db = tx ?? (await getDb());
  return db
    .select({ userId: member.userId, role: member.role, joinedAt: member.createdAt, firstName: user.firstName, lastName: user.lastName, name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, accountId))
    .orderBy(asc(member.createdAt), asc(member.id));
}

/** The account's pending invitations with who sent them, soonest to expire first. */
export async function pendingInvitations(accountId: string) {
  const db = await getDb();
  const inviter = aliasedTable(user, "inviter");
  return db
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      inviter: { firstName: inviter.firstName, lastName: inviter.lastName, name: inviter.name, email: inviter.email },
    })
    .from(invitation)
    .leftJoin(inviter, eq(inviter.id, invitation.inviterId))
    .where(and(eq(invitation.organizationId, accountId), eq(invitation.status, "pending")))
    .orderBy(asc(invitation.expiresAt), asc(invitation.id));
}

/** The account's name and time zone, in the caller's transaction. */
export async function accountNameAndZone(db: DbOrTx, accountId: string): Promise<{ id: string; name: string; timeZone: string } | undefined> {
  const [account] = await db.select({ id: organization.id, name: organization.name, timeZone: organization.timeZone }).from(organization).where(eq(organization.id, accountId)).limit(1);
  return account;
}

/** The live account whose owner's login has this e-mail (lower-cased by the caller), verified; oldest membership first. */
export async function accountOwnedByEmail(db: DbOrTx, email: string): Promise<{ id: string; name: string; timeZone: string } | undefined> {
  const [account] = await db
    .select({ id: organization.id, name: organization.name, timeZone: organization.timeZone })
    .from(organization)
    .innerJoin(member, and(eq(member.organizationId, organization.id), eq(member.role, "owner")))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(sql`lower(${user.email})`, email), eq(user.emailVerified, true), isNull(organization.deletedAt)))
    .orderBy(asc(member.createdAt), asc(member.id))
    .limit(1);
  return account;
}

/** The account's billing e-mail and time zone, in the caller's transaction. */
export async function accountBillingContact(tx: DbOrTx, accountId: string): Promise<{ billingEmail: string | null; timeZone: string } | undefined> {
  const [org] = await tx.select({ billingEmail: organization.billingEmail, timeZone: organization.timeZone }).from(organization).where(eq(organization.id, accountId)).limit(1);
  return org;
}

/** The account's owners' e-mails and first names, oldest membership first, in the caller's transaction. */
export async function accountOwners(tx: DbOrTx, accountId: string): Promise<{ email: string; firstName: string | null }[]> {
  return tx
    .select({ email: user.email, firstName: user.firstName })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, accountId), eq(member.role, "owner")))
    .orderBy(asc(member.createdAt), asc(member.id));
}

/** The account's owners with their logins and the account's name, in the caller's transaction. */
export async function ownersWithAccountName(tx: DbOrTx, accountId: string): Promise<{ userId: string; email: string; firstName: string | null; accountName: string }[]> {
  return tx
    .select({ userId: user.id, email: user.email, firstName: user.firstName, accountName: organization.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.organizationId, accountId), eq(member.role, "owner")));
}

/** The members of these accounts with their roles and logins' e-mails. */
export async function membersOfAccounts(db: DbOrTx, accountIds: string[]): Promise<{ accountId: string; userId: string; role: string; email: string }[]> {
  return db
    .select({ accountId: member.organizationId, userId: member.userId, role: member.role, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(inArray(member.organizationId, accountIds));
}

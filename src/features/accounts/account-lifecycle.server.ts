import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { invitation, member, organization } from "@/db/schema";

/** The name a new account takes: the person's name, else their e-mail address. */
export function accountNameFor(user: { name?: string | null; firstName?: string | null; lastName?: string | null; email: string }): string {
  const full = [user.firstName, user.lastName]
    .map((x) => x?.trim())
    .filter(Boolean)
    .join(" ");
  return (full || user.name?.trim() || user.email).slice(0, 120);
}

/**
 * Every new login gets a business account of its own, owned by it (the
 * account takes the login's id, as the migration did for existing logins;
 * ADR 0107), unless a pending invitation waits for its address: an invitee
 * joins the inviting account instead and starts with no account of their own.
 */
export async function createFirstAccount(user: { id: string; email: string; name?: string | null; firstName?: string | null; lastName?: string | null }): Promise<void> {
  const db = await getDb();
  const [waiting] = await db
    .select({ id: invitation.id })
    .from(invitation)
    .where(and(eq(invitation.email, user.email.trim().toLowerCase()), eq(invitation.status, "pending"), gt(invitation.expiresAt, new Date())))
    .limit(1);
  if (waiting) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(organization)
      .values({ id: user.id, name: accountNameFor(user), slug: `account-${user.id}` })
      .onConflictDoNothing();
    await tx
      .insert(member)
      .values({ id: `member-${user.id}`, organizationId: user.id, userId: user.id, role: "owner" })
      .onConflictDoNothing();
  });
}

/** The account a new session starts in: the user's oldest membership (null: none). */
export async function firstAccountId(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ id: member.organizationId }).from(member).where(eq(member.userId, userId)).orderBy(asc(member.createdAt), asc(member.id)).limit(1);
  return row?.id ?? null;
}

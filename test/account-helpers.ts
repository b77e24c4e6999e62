import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { member, organization } from "@/db/schema";
import type { AccountRole } from "@/features/accounts/permissions";
import { authPost, createUser, type TestUser } from "./http-helpers";

/**
 * A new login that is a member of `accountId` with `role`, working in it (its
 * session's active account). Sign-up gives it an account of its own too,
 * which it no longer works in; `alone: true` removes that one, so the
 * member belongs to `accountId` only.
 */
export async function memberOf(accountId: string, role: AccountRole, opts: { alone?: boolean; email?: string } = {}): Promise<TestUser> {
  const u = await createUser({ email: opts.email });
  const db = await getDb();
  await db.insert(member).values({ id: `member-${accountId}-${u.id}`, organizationId: accountId, userId: u.id, role });
  if (opts.alone) await db.delete(member).where(and(eq(member.organizationId, u.id), eq(member.userId, u.id)));
  await switchTo(u, accountId);
  return u;
}

/** Makes `accountId` the active account of the user's session (better-auth's set-active). */
export async function switchTo(u: TestUser, accountId: string): Promise<void> {
  const res = await authPost("/organization/set-active", { organizationId: accountId }, { cookie: u.cookie });
  if (!res.ok) throw new Error(`set-active failed: ${res.status} ${await res.text()}`);
}

/** Sets fields of a business account: its name, billing e-mail, time zone… */
export async function setAccountFields(accountId: string, values: Partial<typeof organization.$inferInsert>): Promise<void> {
  const db = await getDb();
  await db.update(organization).set(values).where(eq(organization.id, accountId));
}

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/lib/db";
import { invitation, member } from "@/db/schema";
import { getCurrentUser } from "@/features/auth/current-user.server";
import { currentAccount } from "@/features/accounts/current-account.server";
import type { AccountRole } from "@/features/accounts/permissions";
import { authPost, createUser, type TestUser } from "../http-helpers";
import { changedRows, snapshotTables } from "../db-helpers";

/** A login that owns its own business account (its id is the user's id, as for every new login). */
export type Owner = TestUser & { accountId: string };

export async function createOwner(): Promise<Owner> {
  const u = await createUser();
  return { ...u, accountId: u.id };
}

export const newAddress = (tag = "member") => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** POST /api/auth/organization/<path> as `who`; the parsed answer with its status. */
export async function org(path: string, body: Record<string, unknown>, who: { cookie: string } | null): Promise<{ status: number; body: Record<string, unknown>; res: Response }> {
  const res = await authPost(`/organization/${path}`, body, who ? { cookie: who.cookie } : {});
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, res };
}

/** Invites `email` into `accountId` as `role` (by `inviter`), expecting success; the invitation's id. */
export async function invite(inviter: TestUser, accountId: string, email: string, role: AccountRole): Promise<string> {
  const r = await org("invite-member", { email, role, organizationId: accountId }, inviter);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return String(r.body.id);
}

/** A member of `owner`'s account with `role`: invited, signed up with the invited address, accepted. */
export async function addMember(owner: Owner, role: AccountRole, email = newAddress(role)): Promise<TestUser & { memberId: string }> {
  const invitationId = await invite(owner, owner.accountId, email, role);
  const u = await createUser({ email });
  const r = await org("accept-invitation", { invitationId }, u);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { ...u, memberId: String((r.body.member as { id: string }).id) };
}

/** The member row of `userId` in `accountId`, or undefined. */
export async function membership(accountId: string, userId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(member)
    .where(and(eq(member.organizationId, accountId), eq(member.userId, userId)));
  return row;
}

export async function invitationRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(invitation).where(eq(invitation.id, id));
  return row;
}

/** The business account this cookie's session works in, as every request sees it (null: no access). */
export async function accountOfCookie(cookie: string) {
  const user = await getCurrentUser(new Headers({ cookie }));
  expect(user).not.toBeNull();
  return currentAccount(user!);
}

/**
 * The rows `action` changed, by table (added, removed or changed), leaving
 * out better-auth's per-address request counter, which every call moves.
 */
export async function rowsChangedBy(action: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await snapshotTables();
  await action();
  const changed = changedRows(before, await snapshotTables());
  delete changed.rate_limit;
  return changed;
}

/** `org(path, body, who)` and the rows it changed, by table (as rowsChangedBy counts them). */
export async function orgChangingRows(path: string, body: Record<string, unknown>, who: { cookie: string } | null) {
  let answer: Awaited<ReturnType<typeof org>> | undefined;
  const changed = await rowsChangedBy(async () => {
    answer = await org(path, body, who);
  });
  return { answer: answer!, changed };
}

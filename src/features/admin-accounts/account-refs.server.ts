import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { member, organization, user } from "@/db/schema";
import { badRequest } from "@/lib/http/errors";
import { ACCOUNT_PARAM, personName, type AdminAccountRef } from "./account-ref";

/**
 * The accounts of one page of an admin list (at most 50 ids), each with its
 * owner: two indexed reads, not a join per row. The owner is the oldest owner
 * membership (created_at, then id), the same rule as everywhere the console
 * names an account's owner.
 */
export async function accountRefs(ids: readonly (string | null)[]): Promise<Map<string, AdminAccountRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const refs = new Map<string, AdminAccountRef>();
  if (!wanted.length) return refs;
  const db = await getDb();
  const accounts = await db
    .select({ id: organization.id, name: organization.name, deletedAt: organization.deletedAt })
    .from(organization)
    .where(inArray(organization.id, wanted));
  const owners = await db
    .selectDistinctOn([member.organizationId], {
      accountId: member.organizationId,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      email: user.email,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(inArray(member.organizationId, wanted), eq(member.role, "owner")))
    .orderBy(asc(member.organizationId), asc(member.createdAt), asc(member.id));
  for (const a of accounts) {
    const o = owners.find((x) => x.accountId === a.id);
    refs.set(a.id, { id: a.id, name: a.name, deleted: a.deletedAt !== null, owner: o ? { name: personName(o), email: o.email } : null });
  }
  return refs;
}

/** The `account` filter of an admin list: an account id, or null when absent; a malformed one is a 400. */
export function readAccountFilter(params: URLSearchParams): string | null {
  const v = params.get(ACCOUNT_PARAM);
  if (v === null || v === "") return null;
  if (v.length > 200 || /\s/.test(v)) throw badRequest(`${ACCOUNT_PARAM} must be an account id`);
  return v;
}

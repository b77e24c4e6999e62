import "server-only";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { member, organization, user } from "@/db/schema";
import { badRequest } from "@/lib/http/errors";
import { firstOwnerOf } from "@/features/accounts/account-owner";
import { ACCOUNT_PARAM, personName, type AdminAccountRef } from "./account-ref";

/**
 * The accounts of one page of an admin list (at most 50 ids), each with its
 * owner (firstOwnerOf: the oldest owner membership, the rule everywhere an
 * account's owner is named): one query by primary key for the page, not a
 * join per list row.
 */
export async function accountRefs(ids: readonly (string | null)[]): Promise<Map<string, AdminAccountRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const refs = new Map<string, AdminAccountRef>();
  if (!wanted.length) return refs;
  const db = await getDb();
  const rows = await db
    .select({
      id: organization.id,
      name: organization.name,
      deletedAt: organization.deletedAt,
      owner: { firstName: user.firstName, lastName: user.lastName, name: user.name, email: user.email },
    })
    .from(organization)
    .leftJoin(member, firstOwnerOf(organization.id))
    .leftJoin(user, eq(user.id, member.userId))
    .where(inArray(organization.id, wanted));
  for (const a of rows) {
    refs.set(a.id, {
      id: a.id,
      name: a.name,
      deleted: a.deletedAt !== null,
      owner: a.owner ? { name: personName(a.owner), email: a.owner.email, firstName: a.owner.firstName ?? a.owner.name ?? null, lastName: a.owner.lastName } : null,
    });
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

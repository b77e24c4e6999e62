import { eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { member } from "@/db/schema";

/**
 * The member row of an account's first owner (the oldest owner
 * membership), as a scalar subquery: who the operator's console and billing
 * notices name for a business account. Join with
 * `leftJoin(member, firstOwnerOf(organization.id))`.
 */
export function firstOwnerOf(accountId: AnyColumn | SQL | string): SQL {
  return eq(member.id, sql`(select m.id from ${member} m where m.organization_id = ${accountId} and m.role = 'owner' order by m.created_at, m.id limit 1)`) as SQL;
}

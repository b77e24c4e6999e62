import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { webhookEndpoints } from "@/db/schema";
import { notFound } from "@/lib/http/errors";

/**
 * MERGE NOTE (issue 25): stands in for `ownedEndpoint` of endpoints.server.ts,
 * which the endpoints-API helper builds in parallel with the same signature
 * and answer. When both are merged, delete this file and import
 * `ownedEndpoint` from "./endpoints.server" instead: there is one scoping
 * helper per table.
 */
export async function ownedEndpoint(accountId: string, id: string, db?: DbOrTx): Promise<typeof webhookEndpoints.$inferSelect> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Webhook endpoint not found");
  return row;
}

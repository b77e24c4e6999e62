import "server-only";
import { and, desc, eq, lt, or } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { webhookDeliveries } from "@/db/schema";
import { badRequest } from "@/lib/http/errors";
import type { DeliveryView } from "./endpoint.schema";
import { ownedEndpoint } from "./endpoints.server";
import { loadDeliveryViews } from "./delivery-view.server";

const d = webhookDeliveries;

/** A page's position: the last delivery's creation time and id, base64url. */
export function encodeDeliveryCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id]), "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    const createdAt = new Date(String(at));
    if (typeof at === "string" && typeof id === "string" && id && !Number.isNaN(createdAt.getTime())) return { createdAt, id };
  } catch {
    // answered below
  }
  throw badRequest("cursor: is not a nextCursor this list answered");
}

/**
 * GET /api/webhook-endpoints/{id}/deliveries: the endpoint's deliveries,
 * newest first, `limit` at a time (keyset pagination on creation time and
 * id, so new deliveries never shift a page); 404 "Webhook endpoint not found"
 * for another account's endpoint.
 */
export async function listDeliveries(accountId: string, endpointId: string, page: { limit: number; cursor?: string | null }): Promise<{ items: DeliveryView[]; nextCursor: string | null }> {
  await ownedEndpoint(accountId, endpointId);
  const limit = Math.min(Math.max(Math.trunc(page.limit) || 20, 1), 100);
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const db = await getDb();
  const rows = await db
    .select({ id: d.id, createdAt: d.createdAt })
    .from(d)
    .where(and(eq(d.endpointId, endpointId), after ? or(lt(d.createdAt, after.createdAt), and(eq(d.createdAt, after.createdAt), lt(d.id, after.id))) : undefined))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(limit + 1);
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    items: await loadDeliveryViews(pageRows.map((r) => r.id)),
    nextCursor: rows.length > limit && last ? encodeDeliveryCursor(last.createdAt, last.id) : null,
  };
}

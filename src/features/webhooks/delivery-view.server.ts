import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { webhookAttempts, webhookDeliveries, webhookEvents } from "@/db/schema";
import type { DeliveryAttemptView, DeliveryView } from "./endpoint.schema";
import type { WebhookEventType } from "./event-types";

type DeliveryRow = typeof webhookDeliveries.$inferSelect & { eventType: string };
type AttemptRow = typeof webhookAttempts.$inferSelect;

/** One delivery as the API answers it; `attempts` are its logged attempts (kept 30 days), newest first. */
export function deliveryView(row: DeliveryRow, attempts: AttemptRow[]): DeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastStatusCode: row.lastStatusCode,
    createdAt: row.createdAt.toISOString(),
    attemptLog: attempts.map(attemptView),
  };
}

export function attemptView(row: AttemptRow): DeliveryAttemptView {
  return {
    id: row.id,
    attemptedAt: row.attemptedAt.toISOString(),
    statusCode: row.statusCode,
    response: row.response,
    durationMs: row.durationMs,
    trigger: row.trigger as DeliveryAttemptView["trigger"],
  };
}

/**
 * The views of these deliveries, in the order of `ids` (an id with no row is
 * left out). No account check: the caller reached the ids through the
 * endpoint's account.
 */
export async function loadDeliveryViews(ids: string[], tx?: DbOrTx): Promise<DeliveryView[]> {
  if (ids.length === 0) return [];
  const db = tx ?? (await getDb());
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(inArray(webhookDeliveries.id, ids));
  const attempts = await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const a of attempts) byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
  const byId = new Map(rows.map((r) => [r.delivery.id, deliveryView({ ...r.delivery, eventType: r.eventType }, byDelivery.get(r.delivery.id) ?? [])]));
  return ids.map((id) => byId.get(id)).filter((v): v is DeliveryView => v !== undefined);
}

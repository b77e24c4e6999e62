import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { webhookEndpoints, webhookEvents } from "@/db/schema";
import { logger } from "@/lib/logger";
import { createDeliveries, type NewDelivery } from "./delivery-queue.server";
import type { EventDataOf } from "./events.schema";
import type { WebhookEventType } from "./event-types";
import { newEventId } from "./ids";
import { buildEventPayload } from "./payload";

/** One event to record: the same (accountId, dedupeKey) is one event, however often it is emitted. */
export type EmitInput = { [T in WebhookEventType]: { accountId: string; type: T; data: EventDataOf<T>; dedupeKey: string } }[WebhookEventType];

/** Events per insert statement (each body is at most 20 KB). */
const CHUNK = 200;

/**
 * Records events inside the caller's transaction (so an event exists exactly
 * when the change it reports commits) and, for each enabled endpoint of the
 * account subscribed to its type, one delivery row and its job. Emitting the
 * same (account, dedupeKey) again does nothing. An account with no endpoint
 * for the type stores nothing. Returns the ids of the events stored now.
 *
 * One indexed query finds the endpoints of every account in the batch, so a
 * batch whose accounts have none costs that query only. Data that does not
 * match its schema, or a body that cannot be brought under 20 KB by
 * shortening the summary, is logged and left out: it never fails the
 * caller's transaction.
 */
export async function emitWebhookEvents(tx: DbOrTx, events: EmitInput[]): Promise<string[]> {
  if (events.length === 0) return [];
  const accountIds = [...new Set(events.map((e) => e.accountId))];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, accountId: webhookEndpoints.accountId, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.accountId, accountIds), eq(webhookEndpoints.enabled, true)));
  if (endpoints.length === 0) return [];

  const now = new Date();
  const rows: (typeof webhookEvents.$inferInsert)[] = [];
  const targets = new Map<string, NewDelivery[]>();
  const seen = new Set<string>();
  for (const e of events) {
    const key = `${e.accountId}\u0000${e.dedupeKey}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const subscribed = endpoints.filter((ep) => ep.accountId === e.accountId && ep.eventTypes.includes(e.type));
    if (subscribed.length === 0) continue;
    const built = buildEventPayload(e.type, e.data, now);
    if (!built.ok) {
      logger.error({ accountId: e.accountId, type: e.type, dedupeKey: e.dedupeKey, error: built.error }, "webhook event left out");
      continue;
    }
    if (built.summaryShortened) logger.warn({ accountId: e.accountId, type: e.type, dedupeKey: e.dedupeKey, bytes: built.bytes }, "webhook event's summary shortened to fit 20 KB");
    const id = newEventId(now);
    rows.push({ id, accountId: e.accountId, type: e.type, payload: built.envelope, dedupeKey: e.dedupeKey, createdAt: now });
    targets.set(
      id,
      subscribed.map((ep) => ({ eventId: id, endpointId: ep.id, accountId: e.accountId })),
    );
  }

  const stored: string[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await tx
      .insert(webhookEvents)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing({ target: [webhookEvents.accountId, webhookEvents.dedupeKey] })
      .returning({ id: webhookEvents.id });
    stored.push(...inserted.map((r) => r.id));
  }
  if (stored.length)
    await createDeliveries(
      tx,
      stored.flatMap((id) => targets.get(id) ?? []),
      { now, trigger: "retry" },
    );
  return stored;
}

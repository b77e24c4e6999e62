import "server-only";
import type { DbOrTx } from "@/lib/db";
import type { EventDataOf } from "./events.schema";
import type { WebhookEventType } from "./event-types";

/** One event to record: the same (accountId, dedupeKey) is one event, however often it is emitted. */
export type EmitInput = { [T in WebhookEventType]: { accountId: string; type: T; data: EventDataOf<T>; dedupeKey: string } }[WebhookEventType];

/**
 * Records events inside the caller's transaction (so an event exists exactly
 * when the change it reports commits) and, for each enabled endpoint of the
 * account subscribed to its type, one delivery row and its job. Emitting the
 * same (account, dedupeKey) again does nothing. An account with no endpoint
 * for the type stores nothing. Returns the ids of the events stored now.
 *
 * STUB (groundwork): built by the webhooks-engine helper.
 */
export async function emitWebhookEvents(tx: DbOrTx, events: EmitInput[]): Promise<string[]> {
  void tx;
  void events;
  return [];
}

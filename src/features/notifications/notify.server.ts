import "server-only";
import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { notifications, type notificationPriority } from "@/db/schema";

export type NotificationPriority = (typeof notificationPriority.enumValues)[number];

/**
 * Creates an admin notification. With a dedupeKey (e.g. a provider event id)
 * the same event never notifies twice. Pass a transaction to store it with
 * the change it reports.
 */
export async function createNotification(input: { type: string; title: string; message: string; priority?: NotificationPriority; dedupeKey?: string }, tx?: DbOrTx): Promise<void> {
  const db = tx ?? (await getDb());
  await db
    .insert(notifications)
    .values({
      id: randomUUID(),
      type: input.type,
      title: input.title,
      message: input.message,
      priority: input.priority ?? "normal",
      dedupeKey: input.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey });
}

/** Removes the notices with these dedupe keys (what a removed subscription was told about). */
export async function deleteNotifications(tx: DbOrTx, dedupeKeys: string[]): Promise<void> {
  await tx.delete(notifications).where(inArray(notifications.dedupeKey, dedupeKeys));
}

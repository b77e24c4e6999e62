import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiEmployeeSettingsVersions } from "@/db/schema";
import { badRequest, HttpError, notFound, zodMessage } from "@/lib/http/errors";
import type { SettingsActor } from "./actor.server";
import { changedKeys } from "./settings-diff";
import type { SettingsResponse, VersionsResponse } from "./settings-response";
import { settingsDocumentSchema, type SettingsDocument, type SettingsKey } from "./settings.schema";
import { aiEmployeeFor, authorOf, BOOKING_KEY_REQUIRED, loadState, lockedEdit, publicDocument, versionRow, writeVersion } from "./settings.server";

/** How many versions the history lists (newest first); older ones can still be restored by number. */
export const HISTORY_LIMIT = 100;

/** GET …/settings/versions: the newest versions first, each with its author, what changed and its document (the key masked). */
export async function listVersions(orderId: string, actor: SettingsActor): Promise<VersionsResponse> {
  const order = await aiEmployeeFor(actor, orderId);
  const { row } = await loadState(order);
  const db = await getDb();
  const rows = await db.select().from(aiEmployeeSettingsVersions).where(eq(aiEmployeeSettingsVersions.aiReadyOrderId, order.id)).orderBy(desc(aiEmployeeSettingsVersions.version)).limit(HISTORY_LIMIT);
  return {
    current: row.currentVersion,
    versions: rows.map((v) => ({
      version: v.version,
      createdAt: v.createdAt.toISOString(),
      author: authorOf(v),
      changed: v.changed as SettingsKey[],
      restoredFrom: v.restoredFrom,
      settings: publicDocument(v.document, row.bookingKeyLast4),
    })),
  };
}

/** A version number from the path: a whole number from 1, else 400. */
export function parseVersion(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw badRequest("version: must be a version number such as 3");
  return Number(raw);
}

/**
 * POST …/settings/versions/{version}/restore: a NEW version whose document
 * is the old one's (restoredFrom set), even when it equals the current one:
 * restoring is an act the history shows. With `baseVersion`, checked like a
 * save (409 when stale). The booking key is not versioned: the stored one
 * stays. A version that no longer meets today's rules is refused (409).
 */
export async function restoreVersion(orderId: string, version: number, actor: SettingsActor, baseVersion?: number): Promise<SettingsResponse> {
  return lockedEdit(orderId, actor, baseVersion, async (tx, locked) => {
    const row = locked.row;
    const old = await versionRow(tx, orderId, version);
    if (!old) throw notFound("Version not found");
    const parsed = settingsDocumentSchema.safeParse(old.document);
    if (!parsed.success) throw new HttpError(409, `Version ${version} cannot be restored: ${zodMessage(parsed.error)}`, undefined, { currentVersion: row.currentVersion });
    const document: SettingsDocument = parsed.data;
    if (document.booking.enabled && !row.bookingKeyCiphertext) throw badRequest(BOOKING_KEY_REQUIRED);
    const changed = changedKeys(locked.current.document as SettingsDocument, document);
    return writeVersion(tx, locked, { document, changed, restoredFrom: version, bookingKey: null }, actor);
  });
}

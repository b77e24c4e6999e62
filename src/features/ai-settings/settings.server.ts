import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { aiEmployeeSettings, aiEmployeeSettingsVersions, aiReadyOrders } from "@/db/schema";
import { accountNameAndZone } from "@/features/accounts/account-reads.server";
import { BRAND } from "@/lib/brand";
import { formatDateTime } from "@/lib/format";
import { badRequest, HttpError, notFound } from "@/lib/http/errors";
import type { ZodError } from "@/lib/zod";
import { recordAudit } from "@/features/accounts/audit.server";
import type { SettingsActor } from "./actor.server";
import { decryptBookingKey, encryptBookingKey, maskBookingKey } from "./booking-key.server";
import { ensureSettings } from "./defaults.server";
import { enqueueSettingsPush, syncStatusOf } from "./platform-sync.server";
import { changedKeys } from "./settings-diff";
import { storedDocument } from "./stored-document";
import type { SettingsResponse, VersionAuthor } from "./settings-response";
import { SETTINGS_KEY_LABELS, SETTINGS_KEYS, type SettingsDocument, type SettingsKey } from "./settings.schema";

/**
 * The settings of an AI employee (issue 24, ADR 0123): who may reach them,
 * reading them, and saving a new version. Every version is a new row; the
 * settings row holds the current version number, locked while a save checks
 * that the edit started from it (409 otherwise).
 */

export type AiEmployee = typeof aiReadyOrders.$inferSelect;
export type SettingsRow = typeof aiEmployeeSettings.$inferSelect;
export type VersionRow = typeof aiEmployeeSettingsVersions.$inferSelect;

const NOT_FOUND = "AI employee not found";

/**
 * THE scoping helper: the AI employee (AI-ready order) with this id that
 * belongs to the business account; another account's, or one nobody has
 * claimed, answers 404 as if it did not exist.
 */
export async function ownedAiEmployee(accountId: string, orderId: string, db?: DbOrTx): Promise<AiEmployee> {
  const conn = db ?? (await getDb());
  const [order] = await conn.select().from(aiReadyOrders).where(owned(accountId, orderId)).limit(1);
  if (!order) throw aiEmployeeNotFound();
  return order;
}

const owned = (accountId: string, orderId: string) => and(eq(aiReadyOrders.id, orderId), eq(aiReadyOrders.accountId, accountId));

/**
 * ownedAiEmployee's rule as an SQL condition, for a caller that checks it
 * inside a statement it sends anyway (/insights' ledger read): true when the
 * AI employee belongs to the account; else answer aiEmployeeNotFound().
 */
export function ownsAiEmployeeSql(accountId: string, orderId: string): SQL {
  return sql`exists (select 1 from ${aiReadyOrders} where ${owned(accountId, orderId)})`;
}

/** ownedAiEmployee's 404. */
export const aiEmployeeNotFound = () => notFound(NOT_FOUND);

/** Any AI employee, for the operator's console (route access "admin"). */
export async function anyAiEmployee(orderId: string, db?: DbOrTx): Promise<AiEmployee> {
  const conn = db ?? (await getDb());
  const [order] = await conn.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, orderId)).limit(1);
  if (!order) throw notFound(NOT_FOUND);
  return order;
}

/** The AI employee as the actor may reach it: a member's own account's, an operator's any. */
export function aiEmployeeFor(actor: SettingsActor, orderId: string, db?: DbOrTx): Promise<AiEmployee> {
  return actor.kind === "member" ? ownedAiEmployee(actor.accountId, orderId, db) : anyAiEmployee(orderId, db);
}

/** GET /api/ai-employees: the account's claimed AI employees, oldest first. */
export async function listAiEmployees(accountId: string): Promise<{ aiEmployees: { id: string; name: string; phoneNumber: string; status: AiEmployee["status"] }[] }> {
  const db = await getDb();
  const rows = await db
    .select({ id: aiReadyOrders.id, name: aiReadyOrders.aiEmployeeName, phoneNumber: aiReadyOrders.aiPhoneNumber, status: aiReadyOrders.status })
    .from(aiReadyOrders)
    .where(eq(aiReadyOrders.accountId, accountId))
    .orderBy(asc(aiReadyOrders.createdAt), asc(aiReadyOrders.id));
  return { aiEmployees: rows };
}

/** Members without settings.edit read only; the route's permission says so first. */
export function assertCanEdit(actor: SettingsActor): void {
  if (actor.kind === "member" && !actor.canEdit) throw new HttpError(403, "Your role does not allow you to change settings (settings.edit).");
}

// --- Reading ----------------------------------------------------------------

type Account = { name: string; timeZone: string } | null;
/** What an answer is built from. */
export type SettingsState = { order: AiEmployee; account: Account; row: SettingsRow; current: VersionRow };

async function accountOf(db: DbOrTx, order: AiEmployee): Promise<Account> {
  if (!order.accountId) return null;
  const account = await accountNameAndZone(db, order.accountId);
  return account ? { name: account.name, timeZone: account.timeZone } : null;
}

export async function versionRow(db: DbOrTx, orderId: string, version: number): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(aiEmployeeSettingsVersions)
    .where(and(eq(aiEmployeeSettingsVersions.aiReadyOrderId, orderId), eq(aiEmployeeSettingsVersions.version, version)))
    .limit(1);
  return row ?? null;
}

/** The settings row, locked until the transaction ends (saves and restores are one at a time per AI employee). */
export async function lockSettings(tx: DbOrTx, orderId: string): Promise<SettingsRow> {
  const [row] = await tx.select().from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, orderId)).for("update");
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The AI employee's settings row and current version (version 1 from the defaults is made first when it has none). */
export async function loadState(order: AiEmployee): Promise<SettingsState> {
  await ensureSettings(order.id);
  const db = await getDb();
  const [row] = await db.select().from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, order.id)).limit(1);
  if (!row) throw notFound(NOT_FOUND);
  const current = await versionRow(db, order.id, row.currentVersion);
  if (!current) throw new Error(`settings of ${order.id}: version ${row.currentVersion} is missing`);
  return { order, account: await accountOf(db, order), row, current };
}

/** A stored document (never holds the key) as answers show it: the key masked. */
export function publicDocument(stored: Record<string, unknown>, last4: string | null): SettingsDocument {
  const doc = storedDocument(stored as SettingsDocument);
  return { ...doc, booking: { ...doc.booking, apiKeyMasked: maskBookingKey(last4) } };
}

export function authorOf(v: Pick<VersionRow, "authorKind" | "authorName">): VersionAuthor {
  return { kind: v.authorKind, name: v.authorKind === "operator" ? "operator" : v.authorName };
}

/**
 * The zone times are shown in: the account's once set (anything but the
 * default UTC, ADR 0117), else the browser's, else the settings' own.
 */
function displayZone(state: SettingsState, actor: SettingsActor): string {
  const zone = state.account?.timeZone;
  if (zone && zone !== "UTC") return zone;
  return actor.browserZone ?? (state.current.document as SettingsDocument).timeZone;
}

export function toResponse(state: SettingsState, actor: SettingsActor): SettingsResponse {
  const { order, account, row, current } = state;
  return {
    aiEmployee: { id: order.id, name: order.aiEmployeeName, phoneNumber: order.aiPhoneNumber, accountName: account?.name ?? null },
    version: row.currentVersion,
    settings: publicDocument(current.document, row.bookingKeyLast4),
    updatedAt: current.createdAt.toISOString(),
    updatedBy: authorOf(current),
    sync: syncStatusOf(row),
    spendMode: {
      messagesOnly: row.spendMode === "messages_only",
      since: row.spendModeSince?.toISOString() ?? null,
      until: row.spendMode === "messages_only" ? (row.spendModeUntil?.toISOString() ?? null) : null,
    },
    canEdit: actor.kind === "operator" || actor.canEdit,
    displayTimeZone: displayZone(state, actor),
  };
}

/** GET …/settings. */
export async function getSettings(orderId: string, actor: SettingsActor): Promise<SettingsResponse> {
  const order = await aiEmployeeFor(actor, orderId);
  return toResponse(await loadState(order), actor);
}

// --- Saving -----------------------------------------------------------------

/** The 409 of a save or restore that did not start from the current version. */
export function staleVersion(state: SettingsState, actor: SettingsActor): HttpError {
  const by = state.current.authorKind === "system" ? BRAND.name : authorOf(state.current).name;
  const at = formatDateTime(state.current.createdAt, { timeZone: displayZone(state, actor) });
  return new HttpError(409, `These settings were changed by ${by} at ${at}. Reload to get their version, then make your change again.`, undefined, { currentVersion: state.row.currentVersion });
}

export const BOOKING_KEY_REQUIRED = "booking.apiKey: is required to turn booking on";

/**
 * Stores version N+1 in the caller's transaction (the settings row locked
 * by it, at version N): the version, the row's current version (exactly one
 * row must change), a new booking key, the account's audit entry and the
 * push to the voice platform. Returns the state to answer with.
 */
export async function writeVersion(
  tx: DbOrTx,
  state: SettingsState,
  next: { document: SettingsDocument; changed: SettingsKey[]; restoredFrom: number | null; bookingKey: { ciphertext: string; last4: string } | null },
  actor: SettingsActor,
): Promise<SettingsState> {
  const { order, row } = state;
  const version = row.currentVersion + 1;
  const [created] = await tx
    .insert(aiEmployeeSettingsVersions)
    .values({
      aiReadyOrderId: order.id,
      version,
      document: storedDocument(next.document),
      changed: next.changed,
      authorKind: actor.kind,
      authorUserId: actor.userId,
      authorName: actor.kind === "operator" ? "operator" : actor.name,
      restoredFrom: next.restoredFrom,
    })
    .returning();
  const moved = await tx
    .update(aiEmployeeSettings)
    .set({ currentVersion: version, updatedAt: new Date(), ...(next.bookingKey ? { bookingKeyCiphertext: next.bookingKey.ciphertext, bookingKeyLast4: next.bookingKey.last4 } : {}) })
    .where(and(eq(aiEmployeeSettings.aiReadyOrderId, order.id), eq(aiEmployeeSettings.currentVersion, row.currentVersion)))
    .returning({ id: aiEmployeeSettings.aiReadyOrderId });
  if (moved.length !== 1) throw new Error(`settings of ${order.id}: ${moved.length} rows moved from version ${row.currentVersion}`);
  if (order.accountId) {
    const what = next.changed.map((k) => SETTINGS_KEY_LABELS[k]).join(", ") || "nothing";
    const restored = next.restoredFrom ? `, restored from version ${next.restoredFrom}` : "";
    await recordAudit(
      {
        accountId: order.accountId,
        actor: actor.kind === "member" ? { id: actor.userId, email: actor.email } : null,
        action: "settings.changed",
        detail: `${order.aiEmployeeName}: version ${version} (${what})${restored}${actor.kind === "operator" ? " by operator" : ""}`,
      },
      tx,
    );
  }
  await enqueueSettingsPush(tx, order.id, `version:${version}`);
  const [after] = await tx.select().from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, order.id)).limit(1);
  return { ...state, row: after!, current: created! };
}

function sameKey(ciphertext: string | null, key: string): boolean {
  if (!ciphertext) return false;
  try {
    return decryptBookingKey(ciphertext) === key;
  } catch {
    return false;
  }
}

/**
 * PUT …/settings: a new version when anything changed, in one transaction
 * (the settings row locked). 409 with `currentVersion` when the edit did not
 * start from the current version. The booking key: a new one is encrypted,
 * none keeps the stored one; turning booking on needs one. A save that
 * changes nothing answers the current version and stores nothing.
 */
export async function saveSettings(orderId: string, input: { baseVersion: number; settings: SettingsDocument }, actor: SettingsActor): Promise<SettingsResponse> {
  return lockedEdit(orderId, actor, input.baseVersion, async (tx, locked) => {
    const row = locked.row;
    const apiKey = input.settings.booking.apiKey;
    const bookingKey = apiKey !== undefined && !sameKey(row.bookingKeyCiphertext, apiKey) ? encryptBookingKey(apiKey) : null;
    if (input.settings.booking.enabled && !bookingKey && !row.bookingKeyCiphertext) throw badRequest(BOOKING_KEY_REQUIRED);
    const document = storedDocument(input.settings);
    const differ = changedKeys(storedDocument(locked.current.document as SettingsDocument), document);
    const changed = SETTINGS_KEYS.filter((k) => differ.includes(k) || (k === "booking" && bookingKey));
    if (changed.length === 0) return locked;
    return writeVersion(tx, locked, { document, changed, restoredFrom: null, bookingKey }, actor);
  });
}

/**
 * Every edit (save, restore): the AI employee through the scoping helper, the
 * edit permission, then its state read again under the settings row's lock,
 * and 409 when `baseVersion` is given and no longer current. `edit` answers
 * the state to show; the answer is the settings response for it.
 */
export async function lockedEdit(
  orderId: string,
  actor: SettingsActor,
  baseVersion: number | undefined,
  edit: (tx: DbOrTx, locked: SettingsState) => Promise<SettingsState>,
): Promise<SettingsResponse> {
  const order = await aiEmployeeFor(actor, orderId);
  assertCanEdit(actor);
  const loaded = await loadState(order);
  const db = await getDb();
  const state = await db.transaction(async (tx) => {
    const row = await lockSettings(tx, order.id);
    const current = row.currentVersion === loaded.row.currentVersion ? loaded.current : await versionRow(tx, order.id, row.currentVersion);
    const locked: SettingsState = { ...loaded, row, current: current! };
    if (baseVersion !== undefined && baseVersion !== row.currentVersion) throw staleVersion(locked, actor);
    return edit(tx, locked);
  });
  return toResponse(state, actor);
}

/** The largest PUT body: 200 answers of 2,000 characters each way, in any script (UTF-8), with room for the rest. */
export const SETTINGS_BODY_LIMIT = 4 * 1024 * 1024;

/** A refused PUT body, each field named by its place in the document ("transferRules.0.numbers.1.number: …"), without the envelope's "settings.". */
export function settingsProblem(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path[0] === "settings" ? issue.path.slice(1) : issue.path;
      return path.length ? `${path.join(".")}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

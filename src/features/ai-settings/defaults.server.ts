import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { aiEmployeeSettings, aiEmployeeSettingsVersions, aiReadyOrders } from "@/db/schema";
import { accountNameAndZone, accountOwnedByEmail } from "@/features/accounts/account-reads.server";
import { BRAND } from "@/lib/brand";
import { notFound } from "@/lib/http/errors";
import { isKnownTimeZone } from "@/lib/time-zone";
import { defaultSettings } from "./default-settings";
import { enqueueSettingsPush } from "./platform-sync.server";
import { changedKeys } from "./settings-diff";
import { SETTINGS_KEYS, type SettingsDocument } from "./settings.schema";
import { storedDocument } from "./stored-document";

/** The zone a business's hours start in when its account has none (the account's zone is the default UTC until set; ADR 0117). */
export const DEFAULT_TIME_ZONE = "America/New_York";
/** The business name the defaults use when no account is known yet: none ("Thank you for calling, this is Nova."), never a placeholder a caller would hear. */
export const UNKNOWN_BUSINESS = "";

type Order = Pick<typeof aiReadyOrders.$inferSelect, "id" | "aiEmployeeName" | "aiPhoneNumber" | "customerEmail" | "accountId">;

/**
 * The business an AI employee works for, as its defaults name it: its
 * account; while unclaimed, the account whose owner has the order's e-mail
 * address (verified, oldest membership first). The account's time zone
 * counts once it is anything but the default UTC.
 */
export async function businessOf(db: DbOrTx, order: Pick<Order, "accountId" | "customerEmail">): Promise<{ accountId: string | null; name: string; timeZone: string }> {
  const account = order.accountId ? await accountNameAndZone(db, order.accountId) : await accountOwnedByEmail(db, order.customerEmail.trim().toLowerCase());
  return {
    accountId: account?.id ?? null,
    name: account?.name.trim() || UNKNOWN_BUSINESS,
    timeZone: account && account.timeZone !== "UTC" && isKnownTimeZone(account.timeZone) ? account.timeZone : DEFAULT_TIME_ZONE,
  };
}

/**
 * Version 1 of an AI employee's settings, built from its order (name and
 * number) and its business (name and time zone), authored by the product,
 * and the push of it to the voice platform, in the caller's transaction.
 * Safe when two run at once: the settings row is inserted with
 * `on conflict do nothing` first, and only the one that inserted it writes
 * the version (the other waits for it on PostgreSQL and then finds it).
 * Returns whether this call created them.
 */
export async function createDefaultSettings(tx: DbOrTx, order: Order): Promise<boolean> {
  const inserted = await tx.insert(aiEmployeeSettings).values({ aiReadyOrderId: order.id, currentVersion: 1 }).onConflictDoNothing().returning({ id: aiEmployeeSettings.aiReadyOrderId });
  if (inserted.length === 0) return false;
  const business = await businessOf(tx, order);
  const document = storedDocument(defaultSettings({ aiEmployeeName: order.aiEmployeeName, phoneNumber: order.aiPhoneNumber, businessName: business.name, timeZone: business.timeZone }));
  await tx.insert(aiEmployeeSettingsVersions).values({
    aiReadyOrderId: order.id,
    version: 1,
    document,
    changed: [...SETTINGS_KEYS],
    authorKind: "system",
    authorUserId: null,
    authorName: BRAND.name,
  });
  await enqueueSettingsPush(tx, order.id, "version:1");
  return true;
}

/** Makes sure the AI employee has settings (version 1 from the defaults when it has none); for AI employees made before issue 24. */
export async function ensureSettings(orderId: string): Promise<void> {
  const db = await getDb();
  const [existing] = await db.select({ v: aiEmployeeSettings.currentVersion }).from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, orderId)).limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, orderId)).limit(1);
    if (!order) throw notFound("AI employee not found");
    await createDefaultSettings(tx, order);
  });
}

/**
 * A customer claims an AI employee (billing, when its subscription starts):
 * if nobody has edited its settings yet (version 1, the product's defaults),
 * the defaults are made again for the claiming account, as version 2 by the
 * product: an AI employee prepared before its customer signed up could not
 * name the business in its greeting, nor use the business's time zone. Any
 * edit, a member's or an operator's, is left as it is. Runs in the claim's
 * transaction; answers whether it wrote a version.
 */
export async function adoptClaimingBusiness(tx: DbOrTx, orderId: string): Promise<boolean> {
  const [order] = await tx.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, orderId)).limit(1);
  if (!order?.accountId) return false;
  const [row] = await tx.select().from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, orderId)).for("update").limit(1);
  if (!row) return createDefaultSettings(tx, order);
  if (row.currentVersion !== 1) return false;
  const [first] = await tx
    .select()
    .from(aiEmployeeSettingsVersions)
    .where(and(eq(aiEmployeeSettingsVersions.aiReadyOrderId, orderId), eq(aiEmployeeSettingsVersions.version, 1)))
    .limit(1);
  if (!first || first.authorKind !== "system") return false;
  const business = await businessOf(tx, order);
  const document = storedDocument(defaultSettings({ aiEmployeeName: order.aiEmployeeName, phoneNumber: order.aiPhoneNumber, businessName: business.name, timeZone: business.timeZone }));
  const changed = changedKeys(first.document as SettingsDocument, document);
  if (changed.length === 0) return false;
  await tx.insert(aiEmployeeSettingsVersions).values({ aiReadyOrderId: orderId, version: 2, document, changed, authorKind: "system", authorUserId: null, authorName: BRAND.name });
  const moved = await tx
    .update(aiEmployeeSettings)
    .set({ currentVersion: 2, updatedAt: new Date() })
    .where(and(eq(aiEmployeeSettings.aiReadyOrderId, orderId), eq(aiEmployeeSettings.currentVersion, 1)))
    .returning({ id: aiEmployeeSettings.aiReadyOrderId });
  if (moved.length !== 1) throw new Error(`adoptClaimingBusiness: settings of ${orderId} moved on under the lock`);
  await enqueueSettingsPush(tx, orderId, "version:2");
  return true;
}

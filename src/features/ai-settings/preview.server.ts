import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiEmployeeSettings } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import type { SettingsActor } from "./actor.server";
import { callerPlan, previewAt, type PlanContext } from "./caller-plan";
import { businessOf } from "./defaults.server";
import { parseAt } from "./preview-at.server";
import type { PreviewResponse, SyncStatus } from "./settings-response";
import type { SettingsDocument } from "./settings.schema";
import { aiEmployeeFor, assertCanEdit, loadState, publicDocument, type AiEmployee, type SettingsRow } from "./settings.server";
import { retrySettingsPush, syncStatusOf } from "./platform-sync.server";

/**
 * What the caller plan knows beside the document: the spend limit's mode,
 * the business's name and the AI employee's number. The preview uses it;
 * the push to the voice platform should build its plan with the same.
 */
export async function planContextOf(order: AiEmployee, row: Pick<SettingsRow, "spendMode">): Promise<PlanContext> {
  const business = await businessOf(await getDb(), order);
  return { messagesOnly: row.spendMode === "messages_only", businessName: business.name, phoneNumber: order.aiPhoneNumber };
}

/** GET …/preview?at=: what a caller hears at that instant, computed from the same caller plan as what is pushed. */
export async function previewFor(orderId: string, actor: SettingsActor, rawAt: string | null): Promise<PreviewResponse> {
  const order = await aiEmployeeFor(actor, orderId);
  const { row, current } = await loadState(order);
  const doc: SettingsDocument = publicDocument(current.document, row.bookingKeyLast4);
  const at = parseAt(rawAt, doc.timeZone);
  return previewAt(callerPlan(doc, await planContextOf(order, row)), at);
}

/** POST …/settings/sync ("Retry now"): pushes the current version at once; answers the sync line. */
export async function retrySync(orderId: string, actor: SettingsActor): Promise<SyncStatus> {
  const order = await aiEmployeeFor(actor, orderId);
  assertCanEdit(actor);
  await loadState(order);
  await retrySettingsPush(order.id);
  const db = await getDb();
  const [row] = await db.select().from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, order.id)).limit(1);
  if (!row) throw notFound("AI employee not found");
  return syncStatusOf(row);
}

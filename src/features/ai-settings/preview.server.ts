import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiEmployeeSettings } from "@/db/schema";
import { badRequest, notFound } from "@/lib/http/errors";
import type { SettingsActor } from "./actor.server";
import { callerPlan, previewAt, type PlanContext } from "./caller-plan";
import { businessOf } from "./defaults.server";
import type { PreviewResponse, SyncStatus } from "./settings-response";
import type { SettingsDocument } from "./settings.schema";
import { aiEmployeeFor, assertCanEdit, loadState, publicDocument, type AiEmployee, type SettingsRow } from "./settings.server";
import { retrySettingsPush, syncStatusOf } from "./sync-local.server";

/**
 * What the caller plan knows beside the document: the spend limit's mode,
 * the business's name and the AI employee's number. The preview uses it;
 * the push to the voice platform should build its plan with the same.
 */
export async function planContextOf(order: AiEmployee, row: Pick<SettingsRow, "spendMode">): Promise<PlanContext> {
  const business = await businessOf(await getDb(), order);
  return { messagesOnly: row.spendMode === "messages_only", businessName: business.name, phoneNumber: order.aiPhoneNumber };
}

const AT_PROBLEM = "at: must be an ISO time";
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** How far `zone`'s clocks are ahead of UTC at the instant `ms`, in ms. */
function offsetAt(ms: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The preview's instant: none is now; an ISO time with Z or an offset is
 * that instant; a local ISO time without one ("2026-11-28T22:00") is that
 * wall-clock time in the settings' zone (a time skipped by a DST change
 * reads as the instant the clocks jumped past it). Anything else is a 400.
 */
export function parseAt(raw: string | null, timeZone: string, now = new Date()): Date {
  if (raw === null || raw === "") return now;
  if (WITH_OFFSET.test(raw)) {
    const at = new Date(raw);
    if (Number.isNaN(at.getTime())) throw badRequest(AT_PROBLEM);
    return at;
  }
  const m = LOCAL.exec(raw);
  if (!m) throw badRequest(AT_PROBLEM);
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) throw badRequest(AT_PROBLEM);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
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
  assertCanEdit(actor);
  const order = await aiEmployeeFor(actor, orderId);
  await loadState(order);
  await retrySettingsPush(order.id);
  const db = await getDb();
  const [row] = await db.select().from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, order.id)).limit(1);
  if (!row) throw notFound("AI employee not found");
  return syncStatusOf(row);
}

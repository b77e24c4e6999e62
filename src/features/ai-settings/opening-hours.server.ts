import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { aiEmployeeSettings, aiEmployeeSettingsVersions } from "@/db/schema";
import { openAt } from "./hours";
import type { ClosedDay, WeeklyHours } from "./settings.schema";

export type OpeningHours = { timeZone: string; hours: WeeklyHours; closedDays: ClosedDay[] };

/** The opening hours in force (each AI employee's current settings version) of the AI employees that have settings. */
export async function openingHoursOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OpeningHours>> {
  const out = new Map<string, OpeningHours>();
  if (orderIds.length === 0) return out;
  const s = aiEmployeeSettings;
  const v = aiEmployeeSettingsVersions;
  const rows = await db
    .select({ orderId: s.aiReadyOrderId, document: v.document })
    .from(s)
    .innerJoin(v, and(eq(v.aiReadyOrderId, s.aiReadyOrderId), eq(v.version, s.currentVersion)))
    .where(inArray(s.aiReadyOrderId, [...new Set(orderIds)]));
  for (const r of rows) {
    const d = r.document as Partial<OpeningHours>;
    if (typeof d.timeZone === "string" && d.hours && typeof d.hours === "object")
      out.set(r.orderId, { timeZone: d.timeZone, hours: d.hours, closedDays: Array.isArray(d.closedDays) ? d.closedDays : [] });
  }
  return out;
}

/** Whether `at` falls outside the opening hours (issue 26, ADR 0136); null without hours. A zone Intl does not know counts as unknown. */
export function isAfterHours(hours: OpeningHours | undefined, at: Date): boolean | null {
  if (!hours) return null;
  try {
    return !openAt(hours, at).open;
  } catch {
    return null;
  }
}

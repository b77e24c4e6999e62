import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiEmployeeSettings, aiEmployeeSettingsVersions, aiReadyOrders } from "@/db/schema";
import { getProvider } from "@/features/billing/provider";
import { spendLimitSchema } from "@/features/ai-settings/settings.schema";
import { spendLimitText } from "@/features/ai-settings/spend-mode-text";
import type { SpendLimitLine } from "@/features/ai-settings/components/spend-mode-card";

/**
 * The dashboard's spend limit lines (issue 24): each of the account's AI
 * employees in messages only (until the end of the usage month it was
 * switched in), or with a limit other than "bill extra units". Another
 * account's AI employees are never read. Empty when there is nothing to say.
 */
export async function spendLimitLines(accountId: string): Promise<SpendLimitLine[]> {
  const db = await getDb();
  const o = aiReadyOrders;
  const s = aiEmployeeSettings;
  const rows = await db
    .select({
      id: o.id,
      name: o.aiEmployeeName,
      spendMode: s.spendMode,
      until: s.spendModeUntil,
      document: aiEmployeeSettingsVersions.document,
    })
    .from(s)
    .innerJoin(o, eq(o.id, s.aiReadyOrderId))
    .innerJoin(aiEmployeeSettingsVersions, and(eq(aiEmployeeSettingsVersions.aiReadyOrderId, s.aiReadyOrderId), eq(aiEmployeeSettingsVersions.version, s.currentVersion)))
    .where(eq(o.accountId, accountId))
    .orderBy(asc(o.createdAt), asc(o.id));
  if (rows.length === 0) return [];
  const now = await (await getProvider()).now();
  const lines: SpendLimitLine[] = [];
  for (const r of rows) {
    const parsed = spendLimitSchema.safeParse(r.document?.spendLimit);
    const limit = parsed.success ? parsed.data : null;
    // Until the end of the usage month it was switched in (stored with the switch).
    const until = r.spendMode === "messages_only" ? r.until : null;
    // Messages only of a month already over is about to be switched back (within a minute): not shown.
    const messagesOnlyUntil = until && until > now ? until.toISOString() : null;
    if (!messagesOnlyUntil && (!limit || limit.mode === "bill_extra")) continue;
    lines.push({ aiEmployeeId: r.id, name: r.name, messagesOnlyUntil, limitText: limit && limit.mode !== "bill_extra" ? spendLimitText(limit) : null });
  }
  return lines;
}

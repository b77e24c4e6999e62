import "server-only";
import { and, asc, desc, eq, inArray, or } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiEmployeeSettings, aiEmployeeSettingsVersions, aiReadyOrders, subscriptions } from "@/db/schema";
import { getProvider } from "@/features/billing/provider";
import { usageMonthEnd } from "@/features/usage/usage-month";
import { spendLimitSchema } from "@/features/ai-settings/settings.schema";
import { spendLimitText } from "@/features/ai-settings/spend-mode-text";
import type { SpendLimitLine } from "@/features/ai-settings/components/spend-mode-card";

const COUNTING = ["active", "trialing", "past_due"] as const;

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
      monthStart: s.spendModeMonthStart,
      document: aiEmployeeSettingsVersions.document,
      trialEnd: subscriptions.trialEnd,
      subCreatedAt: subscriptions.createdAt,
    })
    .from(s)
    .innerJoin(o, eq(o.id, s.aiReadyOrderId))
    .innerJoin(aiEmployeeSettingsVersions, and(eq(aiEmployeeSettingsVersions.aiReadyOrderId, s.aiReadyOrderId), eq(aiEmployeeSettingsVersions.version, s.currentVersion)))
    .leftJoin(subscriptions, and(or(eq(subscriptions.id, o.subscriptionId), eq(subscriptions.aiReadyOrderId, o.id)), inArray(subscriptions.status, [...COUNTING])))
    .where(eq(o.accountId, accountId))
    .orderBy(asc(o.createdAt), asc(o.id), desc(subscriptions.createdAt));
  if (rows.length === 0) return [];
  const now = await (await getProvider()).now();
  const seen = new Set<string>();
  const lines: SpendLimitLine[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const parsed = spendLimitSchema.safeParse(r.document?.spendLimit);
    const limit = parsed.success ? parsed.data : null;
    const until = r.spendMode === "messages_only" && r.monthStart && r.subCreatedAt ? usageMonthEnd({ trialEnd: r.trialEnd, createdAt: r.subCreatedAt }, r.monthStart) : null;
    // Messages only of a month already over is about to be switched back (within a minute): not shown.
    const messagesOnlyUntil = until && until > now ? until.toISOString() : null;
    if (!messagesOnlyUntil && (!limit || limit.mode === "bill_extra")) continue;
    lines.push({ aiEmployeeId: r.id, name: r.name, messagesOnlyUntil, limitText: limit && limit.mode !== "bill_extra" ? spendLimitText(limit) : null });
  }
  return lines;
}

import "server-only";
import { getProvider } from "@/features/billing/provider";
import { accountSpendEmployees } from "@/features/ai-settings/spend-mode.server";
import { spendLimitText } from "@/features/ai-settings/spend-mode-text";
import type { SpendLimitLine } from "@/features/ai-settings/components/spend-mode-card";

/**
 * The dashboard's spend limit lines (issue 24): each of the account's AI
 * employees in messages only (until the end of the usage month it was
 * switched in), or with a limit other than "bill extra units". Another
 * account's AI employees are never read. Empty when there is nothing to say.
 */
export async function spendLimitLines(accountId: string): Promise<SpendLimitLine[]> {
  const rows = await accountSpendEmployees(accountId);
  if (rows.length === 0) return [];
  // The provider's clock (a statement on the sandbox) only when a "messages only" switch needs it.
  const now = rows.some((r) => r.spendMode === "messages_only") ? await (await getProvider()).now() : null;
  const lines: SpendLimitLine[] = [];
  for (const r of rows) {
    // Until the end of the usage month it was switched in (stored with the switch).
    const until = r.spendMode === "messages_only" ? r.until : null;
    // Messages only of a month already over is about to be switched back (within a minute): not shown.
    const messagesOnlyUntil = until && now && until > now ? until.toISOString() : null;
    if (!messagesOnlyUntil && r.limit.mode === "bill_extra") continue;
    lines.push({ aiEmployeeId: r.orderId, name: r.name, messagesOnlyUntil, limitText: r.limit.mode !== "bill_extra" ? spendLimitText(r.limit) : null });
  }
  return lines;
}

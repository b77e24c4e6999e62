import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { callNotifications, notificationOptOuts, notificationRules, organization } from "@/db/schema";
import { queueSms } from "@/features/sms/sms.server";
import { burstSms } from "./call-alert-text";
import { lockRecipient } from "./notify-calls.server";
import { quietUntil } from "./quiet-hours";

/**
 * The burst message (issue 25): every call held back for one recipient of
 * one rule (status `batched`) is told in one SMS, "37 new calls since 14:05:
 * <base>/calls", and marked `summarised`, in one transaction under the same
 * lock the per-call SMS take. A repeated run finds nothing held and sends
 * nothing. A rule turned off (or the recipient opted out) meanwhile: the held
 * calls are marked told without a message.
 */
export async function sendBurst(ruleId: string, recipient: string): Promise<void> {
  const db = await getDb();
  const n = callNotifications;
  const result = await db.transaction(async (tx) => {
    await lockRecipient(tx, ruleId, recipient);
    const held = await tx
      .select({ interactionId: n.interactionId, createdAt: n.createdAt })
      .from(n)
      .where(and(eq(n.ruleId, ruleId), eq(n.recipient, recipient), eq(n.status, "batched")))
      .orderBy(asc(n.createdAt), asc(n.interactionId));
    if (held.length === 0) return null;
    const [rule] = await tx
      .select({
        accountId: notificationRules.accountId,
        enabled: notificationRules.enabled,
        quietStart: notificationRules.quietStart,
        quietEnd: notificationRules.quietEnd,
        timeZone: organization.timeZone,
      })
      .from(notificationRules)
      .innerJoin(organization, eq(organization.id, notificationRules.accountId))
      .where(eq(notificationRules.id, ruleId))
      .limit(1);
    const [optedOut] = await tx
      .select({ r: notificationOptOuts.ruleId })
      .from(notificationOptOuts)
      .where(and(eq(notificationOptOuts.ruleId, ruleId), eq(notificationOptOuts.recipient, recipient)))
      .limit(1);
    let messageId: string | null = null;
    if (rule?.enabled && !optedOut) {
      const now = new Date();
      const hold = rule.quietStart && rule.quietEnd ? quietUntil(now, rule.timeZone, rule.quietStart, rule.quietEnd) : null;
      const body = burstSms(held.length, held[0]!.createdAt, rule.timeZone, config().baseUrl);
      const sms = await queueSms(
        tx,
        { accountId: rule.accountId, to: recipient, body, kind: "call-alert-burst" },
        { key: `call-alert-burst:${ruleId}:${recipient}:${held[0]!.interactionId}`, ...(hold ? { sendAfter: hold } : {}) },
      );
      messageId = sms.id;
    }
    const ids = held.map((h) => h.interactionId);
    const updated = await tx
      .update(n)
      .set({ status: "summarised", messageId })
      .where(and(eq(n.ruleId, ruleId), eq(n.recipient, recipient), eq(n.status, "batched"), inArray(n.interactionId, ids)))
      .returning({ interactionId: n.interactionId });
    if (updated.length !== held.length) throw new Error(`burst marked ${updated.length} calls told, not ${held.length}`);
    return { count: held.length, sent: messageId !== null };
  });
  if (result) logger.info({ ruleId, calls: result.count, sent: result.sent }, "burst of call notifications told in one SMS");
}

import "server-only";
import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { smsMessages } from "@/db/schema";
import { logger } from "@/lib/logger";
import { z } from "@/lib/zod";
import { recordOptOut } from "./opt-outs.server";
import { TWILIO_UNSUBSCRIBED } from "./twilio.server";

/**
 * The parameters of Twilio's status callback this product reads
 * (https://www.twilio.com/docs/messaging/api/message-resource#twilios-request-to-the-statuscallback-url,
 * https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks):
 * MessageSid and MessageStatus always, ErrorCode when the message failed or
 * was undelivered. Twilio may add parameters at any time; they are signed
 * (and checked) but not read.
 */
export const twilioStatusSchema = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/, { message: "must be a Twilio Message SID (SM followed by 32 hex characters)" }),
  MessageStatus: z.string().regex(/^[a-z_]{1,40}$/, { message: "must be a Twilio message status such as sent or delivered" }),
  ErrorCode: z
    .string()
    .regex(/^\d{0,10}$/, { message: "must be a Twilio error code (digits)" })
    .optional(),
});
export type TwilioStatus = z.output<typeof twilioStatusSchema>;

/**
 * The order of a message's statuses: Twilio does not promise that status
 * callbacks arrive in order ("sent" may come after "delivered"), so a
 * status never replaces a later one. A status not listed ranks with "sent".
 */
const RANK: Record<string, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  canceled: 3,
  partially_delivered: 3,
  read: 4,
};
const rank = (status: string) => RANK[status] ?? 2;

export type StatusOutcome = "updated" | "unchanged" | "unknown";

/**
 * Applies one status callback to the message Twilio names (by its sid).
 * Idempotent: the same callback again changes nothing. ErrorCode 21610 (the
 * recipient replied STOP) records the number in sms_opt_outs and marks the
 * row `opted_out`; another error code is kept on the row. An unknown sid
 * (a message of another system on the same account, or a callback that
 * arrived before the delivery job stored the sid) changes nothing.
 */
export async function applyTwilioStatus(status: TwilioStatus): Promise<StatusOutcome> {
  const db = await getDb();
  const log = logger.child({ sid: status.MessageSid, messageStatus: status.MessageStatus, errorCode: status.ErrorCode || undefined });
  const [row] = await db.select({ id: smsMessages.id, to: smsMessages.to }).from(smsMessages).where(eq(smsMessages.providerSid, status.MessageSid)).limit(1);
  if (!row) {
    log.info("Twilio status callback for a message this product does not know; ignored");
    return "unknown";
  }
  const code = status.ErrorCode ? Number(status.ErrorCode) : null;
  const earlier = Object.keys(RANK).filter((s) => rank(s) < rank(status.MessageStatus));
  const changed = await db.transaction(async (tx) => {
    const moved = await tx
      .update(smsMessages)
      .set({ providerStatus: status.MessageStatus, ...(code ? { error: `Twilio error ${code} (${status.MessageStatus})` } : {}) })
      .where(and(eq(smsMessages.id, row.id), or(isNull(smsMessages.providerStatus), earlier.length ? inArray(smsMessages.providerStatus, earlier) : undefined)))
      .returning({ id: smsMessages.id });
    if (code !== TWILIO_UNSUBSCRIBED) return moved.length > 0;
    const learned = await recordOptOut(tx, row.to);
    const optedOut = await tx
      .update(smsMessages)
      .set({ status: "opted_out", error: `Twilio error ${code}: the recipient replied STOP` })
      .where(and(eq(smsMessages.id, row.id), ne(smsMessages.status, "opted_out")))
      .returning({ id: smsMessages.id });
    return moved.length > 0 || learned || optedOut.length > 0;
  });
  if (changed) log.info(code === TWILIO_UNSUBSCRIBED ? "Twilio: the recipient replied STOP; number recorded as opted out" : "Twilio status stored");
  return changed ? "updated" : "unchanged";
}

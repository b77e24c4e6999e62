import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { config } from "@/lib/config";
import type { DbOrTx } from "@/lib/db";
import { smsMessages } from "@/db/schema";
import { enqueueJob, jobIdForKey } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { SMS_DELIVERY_JOB, smsDeliveryJob } from "./delivery-job.server";
import { isOptedOut } from "./opt-outs.server";
import { fitSmsBody, isE164 } from "./sms-text";

export type OutgoingSms = { accountId: string | null; to: string; body: string; kind: string };

type SmsStatus = (typeof smsMessages.$inferSelect)["status"];

/**
 * The SMS port's entry, like queueEmail: stores the message in
 * `sms_messages` inside `tx` and, with Twilio configured, enqueues its
 * delivery job in the same transaction (startAfter `sendAfter`, for quiet
 * hours). Without Twilio the row stays in the outbox admins read at
 * /admin/sms-outbox. A number that replied STOP (sms_opt_outs) gets a row
 * with status `opted_out` and no job. `key` makes the call idempotent: the
 * same key always names the same row, so a repeat stores nothing new. The
 * body is cut to MAX_SMS_LENGTH (sms-text.ts).
 *
 * `to` must be E.164 (callers normalise numbers first); anything else, or
 * an empty body, is a programming error and throws.
 */
export async function queueSms(tx: DbOrTx, message: OutgoingSms, opts: { key?: string; sendAfter?: Date } = {}): Promise<{ id: string; status: SmsStatus; created: boolean }> {
  if (!isE164(message.to)) throw new Error(`queueSms: "to" must be a phone number in E.164 format (e.g. +12125550100), not ${JSON.stringify(message.to)}`);
  const body = fitSmsBody(message.body);
  if (!body) throw new Error("queueSms: the message body is empty");
  const id = opts.key ? jobIdForKey(`sms:${opts.key}`) : randomUUID();
  const twilio = config().smsEnabled;
  // A savepoint inside the caller's transaction, or a transaction of its own when given the database.
  const run = (tx as { transaction: <T>(fn: (inner: DbOrTx) => Promise<T>) => Promise<T> }).transaction;
  const result = (await run.call(tx, async (inner: DbOrTx) => {
    const status: SmsStatus = (await isOptedOut(inner, message.to)) ? "opted_out" : twilio ? "queued" : "outbox";
    const rows = await inner
      .insert(smsMessages)
      .values({ id, accountId: message.accountId, to: message.to, body, kind: message.kind, status, sendAfter: opts.sendAfter ?? null })
      .onConflictDoNothing({ target: smsMessages.id })
      .returning({ id: smsMessages.id });
    if (rows.length === 0) {
      const [existing] = await inner.select({ status: smsMessages.status }).from(smsMessages).where(eq(smsMessages.id, id)).limit(1);
      return { status: existing?.status ?? status, created: false };
    }
    if (status === "queued") {
      await enqueueJob(inner, smsDeliveryJob, { smsId: id }, { idempotencyKey: `${SMS_DELIVERY_JOB}:${id}`, startAfter: opts.sendAfter });
    }
    return { status, created: true };
  })) as { status: SmsStatus; created: boolean };
  if (!result.created) return { id, ...result };
  const log = logger.child({ smsId: id, kind: message.kind });
  if (result.status === "opted_out") log.info("SMS not sent: the number replied STOP (sms_opt_outs)");
  else if (result.status === "queued") log.info({ sendAfter: opts.sendAfter }, "SMS queued for Twilio delivery");
  else log.info({ to: message.to, body }, "SMS stored in the outbox (no TWILIO_*): read it at /admin/sms-outbox");
  return { id, ...result };
}

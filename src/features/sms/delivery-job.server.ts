import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { smsMessages } from "@/db/schema";
import { DELIVERY_RETRIES, defineJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { z } from "@/lib/zod";
import { isOptedOut, recordOptOut } from "./opt-outs.server";
import { SmsSendError } from "./port";
import { smsSender } from "./sms-sender.server";

export const SMS_DELIVERY_JOB = "sms.deliver";

/**
 * Job: sends one stored SMS through the configured sender (Twilio). Like
 * the e-mail delivery job (email.server.ts):
 * - a row already `sent` (or `opted_out`) is never sent again;
 * - a number that replied STOP since the message was queued is not asked;
 * - Twilio's 21610 (the recipient replied STOP) records the number in
 *   sms_opt_outs and marks the row `opted_out`, without a retry;
 * - another permanent refusal (4xx: a bad number, bad credentials) marks
 *   it `failed` with Twilio's message, without a retry;
 * - anything else (429, 5xx, a timeout, no connection) is retried with
 *   backoff; the last attempt marks it `failed` and the dead job can be
 *   retried at /admin/jobs.
 * The row is marked sent, with Twilio's sid, the moment Twilio answers 201.
 * Registered in instrumentation.ts.
 */
export const smsDeliveryJob = defineJob({
  kind: SMS_DELIVERY_JOB,
  schema: z.object({ smsId: z.string().min(1) }),
  // The request's own timeout (15 s, twilio.server.ts) ends a stuck attempt well before it expires.
  ...DELIVERY_RETRIES,
  handler: async ({ smsId }, run) => {
    const db = await getDb();
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, smsId)).limit(1);
    const log = logger.child({ smsId, attempt: run.attempt, maxAttempts: run.maxAttempts });
    if (!row) {
      log.warn("SMS to deliver no longer exists; nothing to send");
      return;
    }
    if (row.status === "sent" || row.status === "opted_out") {
      log.info({ status: row.status }, "SMS already settled; not sending it again");
      return;
    }
    const notSent = and(eq(smsMessages.id, smsId), ne(smsMessages.status, "sent"));
    if (await isOptedOut(db, row.to)) {
      await db.update(smsMessages).set({ status: "opted_out" }).where(notSent);
      log.info("the number replied STOP since the SMS was queued; not sent");
      return;
    }
    if (!config().smsEnabled) {
      await db.update(smsMessages).set({ status: "outbox" }).where(notSent);
      log.info("TWILIO_* are no longer set: the SMS stays in the outbox");
      return;
    }
    let accepted: { sid: string; status: string };
    try {
      accepted = await smsSender().send({ to: row.to, body: row.body, messageId: row.id });
    } catch (err) {
      if (!(err instanceof SmsSendError)) throw err;
      if (err.info.optedOut) {
        await db.transaction(async (tx) => {
          await recordOptOut(tx, row.to);
          await tx.update(smsMessages).set({ status: "opted_out", error: err.message }).where(notSent);
        });
        log.info({ code: err.info.code }, "Twilio: the recipient replied STOP; number recorded as opted out, not retried");
        return;
      }
      if (err.info.permanent) {
        await db.update(smsMessages).set({ status: "failed", error: err.message }).where(notSent);
        log.warn({ code: err.info.code, httpStatus: err.info.httpStatus, answer: err.message, kind: row.kind }, "Twilio refused the SMS for good; marked failed, not retried");
        return;
      }
      const last = run.attempt >= run.maxAttempts;
      await db
        .update(smsMessages)
        .set({ status: last ? "failed" : "queued", error: err.message })
        .where(notSent);
      throw new Error(`SMS delivery failed${last ? " (last attempt)" : ", will retry"}: ${err.message}`);
    }
    await db.update(smsMessages).set({ status: "sent", providerSid: accepted.sid, providerStatus: accepted.status, sentAt: new Date(), error: null }).where(eq(smsMessages.id, smsId));
    log.info({ sid: accepted.sid, kind: row.kind }, "SMS accepted by Twilio");
  },
});

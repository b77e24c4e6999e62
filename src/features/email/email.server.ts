import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb, type DbOrTx } from "@/lib/db";
import { emailMessages } from "@/db/schema";
import { DELIVERY_RETRIES, defineJob, enqueueJob, jobIdForKey } from "@/lib/jobs";
import { z } from "@/lib/zod";
import { logger } from "@/lib/logger";
import { isPermanentSmtpError, smtpErrorText, smtpTransport } from "./smtp.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};

type EmailStatus = (typeof emailMessages.$inferSelect)["status"];

export const EMAIL_DELIVERY_JOB = "email.deliver";

/** The `Message-ID` of a stored e-mail: the same for every attempt, so a repeated delivery is recognisably one message. */
export function messageIdFor(emailId: string, from = config().EMAIL_FROM): string {
  const domain = /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? new URL(config().baseUrl).hostname;
  return `<${emailId}@${domain}>`;
}

/**
 * The e-mail port. Stores the message in `email_messages` inside `tx` (the
 * transaction of the rows it belongs to) and, with SMTP configured, enqueues
 * its delivery job in the same transaction: the e-mail exists exactly when
 * the caller's writes commit, and nothing talks to SMTP here. Without
 * SMTP_URL the row stays in the outbox that admins read at /admin/outbox, and
 * no job is enqueued.
 *
 * `key` makes the call idempotent: the same key always names the same row (a
 * job that queues an e-mail passes its own job id, so a repeated run queues
 * nothing new).
 */
export async function queueEmail(tx: DbOrTx, message: OutgoingEmail, opts: { key?: string } = {}): Promise<{ id: string; status: EmailStatus; created: boolean }> {
  const id = opts.key ? jobIdForKey(`email:${opts.key}`) : randomUUID();
  const smtp = config().smtpEnabled;
  const status: EmailStatus = smtp ? "queued" : "outbox";
  // A savepoint inside the caller's transaction, or a transaction of its own when given the database.
  const run = (tx as { transaction: <T>(fn: (inner: DbOrTx) => Promise<T>) => Promise<T> }).transaction;
  const created = await run.call(tx, async (inner: DbOrTx) => {
    const rows = await inner
      .insert(emailMessages)
      .values({ id, ...message, status })
      .onConflictDoNothing({ target: emailMessages.id })
      .returning({ id: emailMessages.id });
    if (rows.length === 0) return false;
    if (smtp) await enqueueJob(inner, emailDeliveryJob, { emailId: id }, { idempotencyKey: `${EMAIL_DELIVERY_JOB}:${id}` });
    return true;
  });
  if (!created) return { id, status, created: false };
  if (smtp) logger.info({ emailId: id, kind: message.kind }, "e-mail queued for SMTP delivery");
  else logger.info({ emailId: id, to: message.to, subject: message.subject }, "e-mail stored in the outbox (no SMTP_URL): read it at /admin/outbox");
  return { id, status, created: true };
}

/**
 * Job: delivers one stored e-mail over SMTP (ADR 0091). A row already `sent`
 * is never sent again. The row is marked sent right after the server accepted
 * the message; a run repeated after a crash between the two sends the same
 * `Message-ID`. A permanent refusal (5xx, e.g. a rejected recipient) marks the
 * row failed with the server's answer and ends the job; anything else is
 * retried with backoff, and the last attempt marks the row failed (the dead
 * job can be retried at /admin/jobs). Registered in instrumentation.ts.
 */
export const emailDeliveryJob = defineJob({
  kind: EMAIL_DELIVERY_JOB,
  schema: z.object({ emailId: z.string().min(1) }),
  // The SMTP timeouts (smtp.server.ts) end a stuck attempt well before it expires.
  ...DELIVERY_RETRIES,
  handler: async ({ emailId }, run) => {
    const db = await getDb();
    const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, emailId)).limit(1);
    const log = logger.child({ emailId, attempt: run.attempt, maxAttempts: run.maxAttempts });
    if (!row) {
      log.warn("e-mail to deliver no longer exists; nothing to send");
      return;
    }
    if (row.status === "sent") {
      log.info("e-mail already sent; not sending it again");
      return;
    }
    const cfg = config();
    if (!cfg.smtpEnabled) {
      await db
        .update(emailMessages)
        .set({ status: "outbox" })
        .where(and(eq(emailMessages.id, emailId), ne(emailMessages.status, "sent")));
      log.info("SMTP_URL is no longer set: the e-mail stays in the outbox");
      return;
    }
    try {
      await smtpTransport().sendMail({
        from: cfg.EMAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: messageIdFor(row.id, cfg.EMAIL_FROM),
        ...(row.headers ? { headers: row.headers } : {}),
        date: row.createdAt,
      });
    } catch (err) {
      const answer = smtpErrorText(err);
      if (isPermanentSmtpError(err)) {
        await db
          .update(emailMessages)
          .set({ status: "failed", error: answer })
          .where(and(eq(emailMessages.id, emailId), ne(emailMessages.status, "sent")));
        log.warn({ answer, kind: row.kind }, "SMTP server refused the e-mail for good; marked failed, not retried");
        return;
      }
      const last = run.attempt >= run.maxAttempts;
      await db
        .update(emailMessages)
        .set({ status: last ? "failed" : "queued", error: answer })
        .where(and(eq(emailMessages.id, emailId), ne(emailMessages.status, "sent")));
      throw new Error(`SMTP delivery failed${last ? " (last attempt)" : ", will retry"}: ${answer}`);
    }
    await db.update(emailMessages).set({ status: "sent", sentAt: new Date(), error: null }).where(eq(emailMessages.id, emailId));
    log.info({ kind: row.kind }, "e-mail sent");
  },
});

/** How many e-mails of these kinds went to these addresses since `since`, and when the last one did (the sign-in e-mails' throttle). */
export async function recentEmailCount(addresses: string[], kinds: string[], since: Date): Promise<{ count: number; last: string | Date | null } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<string | Date | null>`max(${emailMessages.createdAt})` })
    .from(emailMessages)
    .where(and(inArray(emailMessages.to, addresses), inArray(emailMessages.kind, kinds), gte(emailMessages.createdAt, since)));
  return row;
}

/** Whether the e-mail queued under `key` is stored (queueEmail's id for a key), in the caller's transaction. */
export async function emailQueued(tx: DbOrTx, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(eq(emailMessages.id, jobIdForKey(`email:${key}`)))
    .limit(1);
  return Boolean(row);
}

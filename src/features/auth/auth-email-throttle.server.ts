import "server-only";
import { and, gte, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { emailMessages } from "@/db/schema";
import { queueEmail, type OutgoingEmail } from "@/features/email/email.server";
import { ACCOUNT_EXISTS_EMAIL_KIND } from "@/features/email/account-exists-email";
import { VERIFY_EMAIL_KIND } from "@/features/email/verification-email";
import { logger } from "@/lib/logger";

/**
 * E-mails that anyone can make us send to any address (the verification
 * link, "you already have an account") are limited per recipient, counted
 * from `email_messages`: at most PER_HOUR in the last hour, and none within
 * MIN_GAP of the previous one. A throttled message is dropped silently; the
 * caller's answer does not change, so it reveals nothing.
 */
export const AUTH_EMAIL_THROTTLE = {
  kinds: [VERIFY_EMAIL_KIND, ACCOUNT_EXISTS_EMAIL_KIND],
  perHour: 3,
  minGapMs: 60_000,
} as const;

export async function authEmailAllowed(to: string, now = new Date()): Promise<boolean> {
  const addresses = [...new Set([to, to.trim().toLowerCase()])];
  const since = new Date(now.getTime() - 60 * 60_000);
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<string | Date | null>`max(${emailMessages.createdAt})` })
    .from(emailMessages)
    .where(
      and(
        inArray(emailMessages.to, addresses),
        inArray(emailMessages.kind, [...AUTH_EMAIL_THROTTLE.kinds]),
        gte(emailMessages.createdAt, since),
      ),
    );
  if (!row) return true;
  if (Number(row.count) >= AUTH_EMAIL_THROTTLE.perHour) return false;
  if (row.last && now.getTime() - new Date(row.last).getTime() < AUTH_EMAIL_THROTTLE.minGapMs) return false;
  return true;
}

/** Queues the message (durable job; the request does not wait on SMTP) unless the recipient's allowance is used up (then nothing, silently). */
export async function sendAuthEmail(message: OutgoingEmail): Promise<boolean> {
  if (!(await authEmailAllowed(message.to))) {
    logger.info({ kind: message.kind }, "auth e-mail not sent: too many for this address recently");
    return false;
  }
  await queueEmail(await getDb(), message);
  return true;
}

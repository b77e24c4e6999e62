import "server-only";
import { getDb } from "@/lib/db";
import { queueEmail, recentEmailCount, type OutgoingEmail } from "@/features/email/email.server";
import { ACCOUNT_EXISTS_EMAIL_KIND } from "@/features/email/account-exists-email";
import { VERIFY_EMAIL_KIND } from "@/features/email/verification-email";
import { RESET_PASSWORD_EMAIL_KIND } from "@/features/email/reset-password-email";
import { logger } from "@/lib/logger";

/**
 * E-mails that anyone can make us send to any address are limited per
 * recipient, counted from `email_messages`: at most PER_HOUR in the last
 * hour, and none within MIN_GAP of the previous one. Each group has its own
 * allowance: the sign-up ones (the verification link, "you already have an
 * account") together, and the password reset link on its own, so that a
 * newcomer who signs up and then asks for a new password still gets the link.
 * A throttled message is dropped silently; the caller's answer does not
 * change, so it reveals nothing.
 */
export const AUTH_EMAIL_THROTTLE = {
  groups: [[VERIFY_EMAIL_KIND, ACCOUNT_EXISTS_EMAIL_KIND], [RESET_PASSWORD_EMAIL_KIND]],
  perHour: 3,
  minGapMs: 60_000,
} as const;

/** The kinds counted together with `kind` (itself alone when it belongs to no group). */
function kindsCountedWith(kind: string): string[] {
  return [...(AUTH_EMAIL_THROTTLE.groups.find((g) => (g as readonly string[]).includes(kind)) ?? [kind])];
}

async function authEmailAllowed(to: string, kind: string, now = new Date()): Promise<boolean> {
  const addresses = [...new Set([to, to.trim().toLowerCase()])];
  const since = new Date(now.getTime() - 60 * 60_000);
  const row = await recentEmailCount(addresses, kindsCountedWith(kind), since);
  if (!row) return true;
  if (Number(row.count) >= AUTH_EMAIL_THROTTLE.perHour) return false;
  if (row.last && now.getTime() - new Date(row.last).getTime() < AUTH_EMAIL_THROTTLE.minGapMs) return false;
  return true;
}

/** Queues the message (durable job; the request does not wait on SMTP) unless the recipient's allowance is used up (then nothing, silently). */
export async function sendAuthEmail(message: OutgoingEmail): Promise<boolean> {
  if (!(await authEmailAllowed(message.to, message.kind))) {
    logger.info({ kind: message.kind }, "auth e-mail not sent: too many for this address recently");
    return false;
  }
  await queueEmail(await getDb(), message);
  return true;
}

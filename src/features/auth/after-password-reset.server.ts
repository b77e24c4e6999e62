import "server-only";
import { and, eq, like } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { verification } from "@/db/schema";
import { logger } from "@/lib/logger";
import { clearAccountSignInFailures } from "./sign-in-lockout.server";

/**
 * After a password reset (better-auth's onPasswordReset; the user's sessions
 * are already revoked by revokeSessionsOnPasswordReset): the account's
 * sign-in lock is cleared, and every other reset link still outstanding for
 * the user stops working (better-auth stores each as a verification row
 * "reset-password:<token>" whose value is the user's id). A failure here is
 * logged, never turned into an error: the password has changed by then.
 */
export async function afterPasswordReset(user: { id: string; email: string }): Promise<void> {
  try {
    await clearAccountSignInFailures(user.email);
    const db = await getDb();
    await db.delete(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, user.id)));
  } catch (err) {
    logger.error({ err }, "could not finish the password reset's clean-up");
  }
}

import "server-only";
import { getAuth } from "./auth.server";

/**
 * Whether a reset link's token can still be used (it exists and has not
 * expired), read through better-auth's own verification store: the reset
 * page asks before showing the form.
 */
export async function resetTokenIsLive(token: string | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const ctx = await (await getAuth()).$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && new Date(found.expiresAt) > new Date());
}

import "server-only";
import { APIError, createAuthMiddleware, getIP, isAPIError } from "better-auth/api";
import { safeReturnTo } from "./return-to";
import { passwordProblem, type PasswordOwner } from "./password-policy";
import { checkProfileFields, type ProfileFieldName } from "./profile-fields";
import { activeSignInLock, clearSignInFailures, recordSignInFailure, signInKeys, signInLockMessage, type SignInKeys } from "./sign-in-lockout.server";
import { RESET_PASSWORD_PATH } from "./password-reset";
import { carriesSessionToken, withoutSessionTokens } from "./session-token-redaction";
import { logger } from "@/lib/logger";
import { accountsAfterHook, accountsBeforeHook } from "@/features/accounts/account-auth-hooks.server";
import { queueRollupRepair } from "@/features/insights/rollups.server";

/**
 * better-auth hooks (hooks.before / hooks.after in auth.server.ts):
 *
 * - every new password (sign-up, change, reset, set) meets the password policy;
 * - profile fields on sign-up and update-user are bounded and trimmed;
 * - e-mail sign-in is refused while the account is locked for this address,
 *   or the address is locked, and its outcome is counted
 *   (sign-in-lockout.server.ts);
 * - verification links lead to /login?verified=1&returnTo=<path>, reset links
 *   to /reset-password;
 * - JSON answers to the browser never carry the session token.
 */

type Body = Record<string, unknown>;
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function bodyOf(ctx: HookContext): Body | undefined {
  const body: unknown = ctx.body;
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Body) : undefined;
}

/** The client address our route put in CLIENT_IP_HEADER (see advanced.ipAddress), normalised like the rate limiter's. */
function clientAddress(ctx: HookContext): string | null {
  const headers = ctx.headers ?? ctx.request?.headers;
  if (!headers) return null;
  return getIP(headers, ctx.context.options);
}

function keysOf(ctx: HookContext): SignInKeys {
  return signInKeys(bodyOf(ctx)?.email, clientAddress(ctx));
}

/** The callback of a verification link: our sign-in page, which then goes on to `returnTo`. */
export function verifiedCallbackUrl(callbackURL: unknown): string {
  let target = typeof callbackURL === "string" ? callbackURL : undefined;
  if (target && /^\/login(\?|$)/.test(target)) {
    // Already one of ours (a resend from a page that got it from us).
    target = new URLSearchParams(target.split("?")[1] ?? "").get("returnTo") ?? undefined;
  }
  return `/login?verified=1&returnTo=${encodeURIComponent(safeReturnTo(target))}`;
}

async function enforcePasswordPolicy(password: unknown, owner: PasswordOwner): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD" });
}

function enforceProfileFields(body: Body, mode: "create" | "update"): Partial<Record<ProfileFieldName, string | null>> {
  const result = checkProfileFields(body, mode);
  if (!result.ok) throw new APIError("BAD_REQUEST", { message: result.message, code: "INVALID_PROFILE_FIELD", field: result.field });
  return result.values;
}

/** The owner of a change/set-password request: the signed-in user, read without side effects. */
async function sessionOwner(ctx: HookContext): Promise<PasswordOwner> {
  try {
    const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (!token) return {};
    const found = await ctx.context.internalAdapter.findSession(token);
    return (found?.user as PasswordOwner | undefined) ?? {};
  } catch {
    return {};
  }
}

/**
 * The owner of a reset-password token; null when there is no such live token
 * (better-auth refuses those itself with the same lookup, so the strength
 * check, which costs some CPU, is not run for them).
 */
async function resetTokenOwner(ctx: HookContext, body: Body): Promise<PasswordOwner | null> {
  const query = ctx.query as Record<string, unknown> | undefined;
  const token = typeof body.token === "string" && body.token ? body.token : typeof query?.token === "string" ? query.token : undefined;
  if (!token) return null;
  try {
    const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    if (!verification || verification.expiresAt < new Date()) return null;
    return ((await ctx.context.internalAdapter.findUserById(verification.value)) as PasswordOwner | null) ?? {};
  } catch {
    return {};
  }
}

export const authBeforeHook = createAuthMiddleware(async (ctx) => {
  const body = bodyOf(ctx);
  if (ctx.path.startsWith("/organization/")) return accountsBeforeHook(ctx as never);
  switch (ctx.path) {
    case "/sign-in/email": {
      // Before better-auth looks the account up or verifies the password.
      const lock = await activeSignInLock(keysOf(ctx));
      if (lock) {
        throw new APIError("TOO_MANY_REQUESTS", { message: signInLockMessage(lock), code: "SIGN_IN_LOCKED" }, { "Retry-After": String(lock.retryAfterSeconds) });
      }
      return;
    }
    case "/sign-up/email": {
      if (!body) return;
      const profile = enforceProfileFields(body, "create");
      await enforcePasswordPolicy(body.password, {
        email: typeof body.email === "string" ? body.email : null,
        name: profile.name,
        firstName: profile.firstName,
        lastName: profile.lastName,
      });
      return { context: { body: { ...body, ...profile, callbackURL: verifiedCallbackUrl(body.callbackURL) } } };
    }
    case "/update-user": {
      if (!body) return;
      const profile = enforceProfileFields(body, "update");
      return { context: { body: { ...body, ...profile } } };
    }
    case "/send-verification-email": {
      if (!body) return;
      return { context: { body: { ...body, callbackURL: verifiedCallbackUrl(body.callbackURL) } } };
    }
    case "/request-password-reset": {
      // The link always leads to our reset page, whatever the caller asked for.
      if (!body) return;
      return { context: { body: { ...body, redirectTo: RESET_PASSWORD_PATH } } };
    }
    case "/reset-password": {
      if (!body) return;
      const owner = await resetTokenOwner(ctx, body);
      if (owner) await enforcePasswordPolicy(body.newPassword, owner);
      return;
    }
  }
  // /change-password, and server-only endpoints such as setPassword (which have no path).
  if (body && "newPassword" in body) {
    await enforcePasswordPolicy(body.newPassword, await sessionOwner(ctx));
  }
});

async function countSignInOutcome(ctx: HookContext): Promise<void> {
  const returned: unknown = ctx.context.returned;
  const keys = keysOf(ctx);
  try {
    if (isAPIError(returned)) {
      // 401 is "invalid e-mail or password", for unknown accounts as for wrong passwords.
      if (returned.statusCode === 401) await recordSignInFailure(keys);
    } else if (returned !== undefined) {
      await clearSignInFailures(keys);
    }
  } catch (err) {
    // Counting must never turn a sign-in answer into a 500.
    logger.error({ err }, "could not record the sign-in outcome");
  }
}

/**
 * A business account's time zone changed (better-auth's organization update):
 * its insight rollups count local hours, so the repair job rebuilds them in
 * the new zone (ADR 0137).
 */
async function rebuildRollupsOnZoneChange(ctx: { path: string; body?: unknown; context: { returned?: unknown } }): Promise<void> {
  if (ctx.path !== "/organization/update") return;
  const returned = ctx.context.returned as { id?: unknown } | undefined;
  const data = (ctx.body as { data?: { timeZone?: unknown } } | undefined)?.data;
  if (!returned || isAPIError(returned) || typeof returned.id !== "string" || typeof data?.timeZone !== "string") return;
  try {
    await queueRollupRepair(returned.id);
  } catch (err) {
    logger.error({ err, accountId: returned.id }, "could not queue the insight rollups' rebuild");
  }
}

export const authAfterHook = createAuthMiddleware(async (ctx) => {
  if (ctx.path === "/sign-in/email") await countSignInOutcome(ctx);
  await accountsAfterHook(ctx as never);
  await rebuildRollupsOnZoneChange(ctx);
  // Answers to the browser (an HTTP request, not a call from our own server
  // code) never carry the session token: it stays in the HttpOnly cookie.
  const returned: unknown = ctx.context.returned;
  if (ctx.request && carriesSessionToken(returned)) return withoutSessionTokens(returned);
});

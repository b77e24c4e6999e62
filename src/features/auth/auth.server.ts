import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { organization } from "better-auth/plugins/organization";
import { config } from "@/lib/config";
import { getDb, schema } from "@/lib/db";
import { authSecret } from "@/lib/secrets";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { verificationEmail } from "@/features/email/verification-email";
import { accountExistsEmail } from "@/features/email/account-exists-email";
import { resetPasswordEmail } from "@/features/email/reset-password-email";
import { sendAuthEmail } from "./auth-email-throttle.server";
import { authAfterHook, authBeforeHook } from "./auth-hooks.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth-limits";
import { trustedOrigins } from "./trusted-origins";
import { SIGN_IN_FAILED_PATH } from "./sign-in-failed";
import { discoveryUrl } from "./oidc-start-check.server";
import { RESET_LINK_SECONDS } from "./password-reset";
import { afterPasswordReset } from "./after-password-reset.server";
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./session-cookie.server";
import { organizationOptions } from "@/features/accounts/organization-options.server";
import { createFirstAccount, firstAccountId } from "@/features/accounts/account-lifecycle.server";
import { changeEmailMessages } from "@/features/account-care/change-email.server";
import { beforeLoginDeletion } from "@/features/account-care/login-deletion.server";

export const OIDC_PROVIDER_ID = "oidc";

async function build() {
  const cfg = config();
  const db = await getDb();
  return betterAuth({
    baseURL: cfg.baseUrl,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: trustedOrigins(cfg.baseUrl),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        organization: schema.organization,
        member: schema.member,
        invitation: schema.invitation,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        role: { type: "string", required: false, input: false, defaultValue: "customer" },
      },
      // Account care on /profile (issue 22, ADR 0109). Changing the e-mail
      // address: the new address gets the link that makes the change, the
      // current one a notice, both through the outbox and throttled per
      // recipient (change-email.server.tsx explains the link). better-auth
      // calls this for a verified login; an unverified one gets the
      // verification link at the new address (emailVerification below).
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          const firstName = (user as { firstName?: string | null }).firstName;
          const messages = await changeEmailMessages({ user: { id: user.id, email: user.email, firstName }, newEmail, approvalUrl: url, secret: authSecret(), baseUrl: cfg.baseUrl });
          for (const message of messages) await sendAuthEmail(message);
        },
      },
      // "Delete my login": refused for the last owner of an account with
      // other members; an account the user is alone in goes with the login.
      deleteUser: { enabled: true, beforeDelete: async (user) => beforeLoginDeletion(user) },
    },
    emailAndPassword: {
      enabled: true,
      // The strength check (zxcvbn) is in the before hook: auth-hooks.server.ts.
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // No session from sign-up: better-auth then answers a sign-up for an
      // existing address exactly like one for a new address (a synthetic user,
      // token null), and the owner gets an e-mail instead.
      autoSignIn: false,
      requireEmailVerification: false,
      onExistingUserSignUp: async ({ user }) => {
        const firstName = (user as { firstName?: string | null }).firstName;
        await sendAuthEmail(await accountExistsEmail(user.email, firstName, cfg.baseUrl));
      },
      // "Forgot password?" (ADR 0104): better-auth's /request-password-reset
      // answers the same for every address and calls this only for an
      // account; the link (better-auth's /reset-password/:token, which leads
      // to our /reset-password page) works once, for an hour. The e-mail goes
      // through the outbox, throttled per recipient like the other auth e-mails.
      sendResetPassword: async ({ user, url }) => {
        const firstName = (user as { firstName?: string | null }).firstName;
        await sendAuthEmail(await resetPasswordEmail(user.email, firstName, url));
      },
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // A new password ends every session (in the same transaction), then the sign-in lock and the other links go.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => afterPasswordReset(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Opening a link never signs the browser in (nor switches it to another account).
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        const firstName = (user as { firstName?: string | null }).firstName;
        await sendAuthEmail(await verificationEmail(user.email, firstName, url));
      },
    },
    hooks: { before: authBeforeHook, after: authAfterHook },
    // Business accounts (issue 22): every new login owns an account unless an
    // invitation waits for it; a new session starts in the user's account.
    databaseHooks: {
      user: { create: { after: async (created) => createFirstAccount(created as Parameters<typeof createFirstAccount>[0]) } },
      session: {
        create: {
          before: async (data) => {
            if ((data as { activeOrganizationId?: string | null }).activeOrganizationId) return;
            return { data: { ...data, activeOrganizationId: await firstAccountId(data.userId) } };
          },
        },
      },
    },
    // An issuer account joins an existing account with the same address only
    // when the issuer says the address is verified and the account's own
    // address is verified too (no issuer is trusted blindly). See ADR 0093.
    account: { accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true } },
    // A failed sign-in callback (tampered state or code, refused linking) lands on our page.
    onAPIError: { errorURL: new URL(SIGN_IN_FAILED_PATH, cfg.baseUrl).toString() },
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    // better-auth's request rate limit per client address: a coarse flood
    // guard. The limit people meet on e-mail sign-in is the lockout on failed
    // attempts (sign-in-lockout.server.ts: 5 failures for one account from one
    // address, 20 from one address, in 15 minutes; an account with 5 failures
    // from anywhere refuses the addresses that failed), so /sign-in/email
    // allows more requests here than the lockout lets fail.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 200,
      customRules: {
        "/sign-in/email": { window: 60, max: 30 },
        "/sign-up/email": { window: 60, max: 10 },
        // Per client address; the e-mails themselves are also limited per recipient (auth-email-throttle.server.ts).
        "/send-verification-email": { window: 60, max: 3 },
        // Likewise (better-auth's own default, stated here); choosing the new password: a few tries a minute.
        "/request-password-reset": { window: 60, max: 3 },
        "/reset-password": { window: 60, max: 10 },
        // The header asks on every page view: a read of the caller's own
        // session, which must not write a counter row (a GET never writes).
        "/get-session": false,
      },
    },
    advanced: {
      // A session is read with its user in one query (relations in src/db/schema/auth.ts).
      database: { joins: true },
      useSecureCookies: cfg.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: cfg.secureCookies },
      // Set by app/api/auth/[...all]/route.ts from the connection, never taken from the caller.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: { level: cfg.NODE_ENV === "test" ? "error" : "warn" },
    plugins: [
      organization(organizationOptions()),
      ...(cfg.oidcEnabled
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  discoveryUrl: discoveryUrl(cfg.OIDC_ISSUER_URL!),
                  clientId: cfg.OIDC_CLIENT_ID!,
                  clientSecret: cfg.OIDC_CLIENT_SECRET!,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  // ID tokens are checked against the issuer's keys, issuer, audience and nonce.
                  requireIdTokenVerification: true,
                  // Logout also ends the issuer's session, then comes back to our home page.
                  postLogoutRedirectURI: "/",
                  mapProfileToUser: (profile) => ({
                    firstName: (profile.given_name as string | undefined) ?? null,
                    lastName: (profile.family_name as string | undefined) ?? null,
                    // The issuer's word on the address is what makes it verified.
                    emailVerified: profile.email_verified === true,
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = Awaited<ReturnType<typeof build>>;

const key = Symbol.for("ai-employees.auth");
type G = typeof globalThis & { [key]?: Promise<Auth> };

/** The better-auth instance (one per process). */
export function getAuth(): Promise<Auth> {
  const g = globalThis as G;
  g[key] ??= build();
  return g[key]!;
}

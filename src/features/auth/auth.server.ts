import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { config } from "@/lib/config";
import { getDb, schema } from "@/lib/db";
import { sendEmail } from "@/features/email/email.server";
import { verificationEmail } from "@/features/email/verification-email";

export const OIDC_PROVIDER_ID = "oidc";

async function build() {
  const cfg = config();
  const db = await getDb();
  return betterAuth({
    baseURL: cfg.baseUrl,
    basePath: "/api/auth",
    secret: cfg.authSecret,
    trustedOrigins: [cfg.baseUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        role: { type: "string", required: false, input: false, defaultValue: "customer" },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        const firstName = (user as { firstName?: string | null }).firstName;
        await sendEmail(verificationEmail(user.email, firstName, url));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 14, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 200,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: cfg.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: cfg.secureCookies },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for", "x-real-ip"] },
    },
    telemetry: { enabled: false },
    logger: { level: cfg.NODE_ENV === "test" ? "error" : "warn" },
    plugins: cfg.oidcEnabled
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                discoveryUrl: `${cfg.OIDC_ISSUER_URL!.replace(/\/$/, "")}/.well-known/openid-configuration`,
                clientId: cfg.OIDC_CLIENT_ID!,
                clientSecret: cfg.OIDC_CLIENT_SECRET!,
                scopes: ["openid", "email", "profile"],
                pkce: true,
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
      : [],
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

import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

export type TestOidcAccount = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  /** Not checked: the provider's development login form accepts any password. */
  password?: string;
};

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The OIDC_* variables that point the app at this issuer. */
  env(): Record<string, string>;
  /** Changes what the issuer says about an account from now on (e.g. verifies its address). */
  setAccount(account: TestOidcAccount): void;
  /**
   * Rewrites the ID token of every token response from now on (null: stop),
   * as an attacker between the app and the issuer would: for tests of the
   * app's ID token validation.
   */
  tamperIdTokens(rewrite: ((idToken: string) => string) | null): void;
  stop(): Promise<void>;
};

/**
 * A real OpenID provider (oidc-provider, the certified implementation) on a
 * loopback port, with one confidential client for the app: authorization
 * code with PKCE, RS256 ID tokens, RP-initiated logout. Its own development
 * login form (devInteractions) is the sign-in page: its login field takes an
 * account's `sub` (the provider keys its session by what is typed there). Consent is implied for the app's client.
 */
export async function startOidcTestProvider(opts: { redirectUris: string[]; postLogoutRedirectUris?: string[]; accounts: TestOidcAccount[] }): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestOidcAccount>();
  const setAccount = (a: TestOidcAccount) => void accounts.set(a.sub, a);
  opts.accounts.forEach(setAccount);

  const clientId = "portal-client";
  const clientSecret = randomBytes(24).toString("base64url");
  // The issuer URL names the port, so the provider is made once the server listens.
  const mounted: { handler?: ReturnType<Provider["callback"]> } = {};
  const server: Server = createServer((req, res) => {
    if (mounted.handler) void mounted.handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // better-auth sends the secret in the token request's body.
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] as never },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name", "name"] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    // First-party client: no consent screen; the grant covers what the app asks for.
    async loadExistingGrant(ctx) {
      const existingId = ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (existingId) return ctx.oidc.provider.Grant.find(existingId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "given_name", "family_name", "name"]);
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        async claims() {
          const current = accounts.get(account.sub) ?? account;
          return {
            sub: current.sub,
            email: current.email,
            email_verified: current.emailVerified,
            given_name: current.givenName,
            family_name: current.familyName,
            name: [current.givenName, current.familyName].filter(Boolean).join(" ") || undefined,
          };
        },
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  // The default of every unhandled warning is a console line per request; keep test output readable.
  provider.on("server_error", (_ctx, err) => console.error("oidc-provider server_error", err));
  let rewriteIdToken: ((idToken: string) => string) | null = null;
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (rewriteIdToken && ctx.path === "/token" && body && typeof body.id_token === "string") body.id_token = rewriteIdToken(body.id_token);
  });
  mounted.handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    env: () => ({ OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret }),
    setAccount,
    tamperIdTokens: (rewrite) => void (rewriteIdToken = rewrite),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

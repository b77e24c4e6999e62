import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as userGet } from "@app/api/auth/user/route";
import { GET as ordersGet } from "@app/api/ai-ready-orders/route";
import { GET as adminNotificationsGet } from "@app/api/admin/notifications/route";
import { GET as logoutGet } from "@app/api/logout/route";
import { getDb } from "@/lib/db";
import { aiReadyOrders } from "@/db/schema";
import { BASE, call, createUser } from "./http-helpers";
import { startOidcTestProvider, type TestOidcProvider } from "./oidc-test-provider";
import { CookieJar, appCallback, providerFetch, formAction, signInThroughIssuer, startSignIn, throughProvider } from "./oidc-flow";

/**
 * The whole OpenID Connect sign-in over HTTP against a real OpenID provider
 * (oidc-provider): the app's route handlers are called as Next.js calls
 * them, the provider is a real server, and a cookie jar per site carries the
 * browser's cookies between them.
 */

const ADMIN = { sub: "admin-1", email: "oidc-admin@example.com", emailVerified: true, givenName: "Ada", familyName: "Admin" };
const ADMIN_UNVERIFIED = { sub: "admin-2", email: "oidc-admin-unverified@example.com", emailVerified: false };
const CUSTOMER = { sub: "cust-1", email: "oidc-customer@example.com", emailVerified: true, givenName: "Casey", familyName: "Customer" };
const UNVERIFIED = { sub: "cust-2", email: "oidc-unverified@example.com", emailVerified: false };

let oidc: TestOidcProvider;

function resetAuth() {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("ai-employees.auth")];
}

beforeAll(async () => {
  oidc = await startOidcTestProvider({
    redirectUris: [`${BASE}/api/auth/callback/oidc`],
    postLogoutRedirectUris: [`${BASE}/`],
    accounts: [ADMIN, ADMIN_UNVERIFIED, CUSTOMER, UNVERIFIED],
  });
  Object.assign(process.env, oidc.env(), { ADMIN_EMAILS: `${ADMIN.email},${ADMIN_UNVERIFIED.email}` });
  const { resetConfigForTests } = await import("@/lib/config");
  resetConfigForTests();
  resetAuth();
});

afterAll(async () => {
  for (const key of ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "ADMIN_EMAILS"]) delete process.env[key];
  const { resetConfigForTests } = await import("@/lib/config");
  resetConfigForTests();
  resetAuth();
  await oidc.stop();
});

async function me(app: CookieJar) {
  const res = await call(userGet, { path: "/api/auth/user", cookie: app.header() });
  return {
    status: res.status,
    body: res.status === 200 ? ((await res.json()) as { id: string; email: string; emailVerified: boolean; role: string; firstName: string | null; lastName: string | null }) : null,
  };
}

async function addOrder(email: string): Promise<string> {
  const id = randomUUID();
  await (await getDb()).insert(aiReadyOrders).values({ id, aiEmployeeName: `Ava ${id.slice(0, 4)}`, aiPhoneNumber: "+15555550100", customerEmail: email, webChatUrl: "https://chat.example.com/ava" });
  return id;
}

async function orderIds(app: CookieJar): Promise<string[]> {
  const res = await call(ordersGet, { path: "/api/ai-ready-orders", cookie: app.header() });
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ id: string }>).map((o) => o.id);
}

function expectSignInFailed(res: Response, code?: string) {
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe(`${BASE}/sign-in-failed`);
  if (code) expect(location.searchParams.get("error")).toBe(code);
  expect(res.headers.getSetCookie().some((c) => c.includes("session_token=") && !/max-age=0/i.test(c))).toBe(false);
}

describe("OpenID Connect sign-in against a real provider", () => {
  it("starts with discovery, state, nonce and PKCE, signs in on the provider's login page and returns to the page asked for", async () => {
    const { authorizeUrl, app, provider } = await startSignIn("/billing");
    expect(`${authorizeUrl.origin}`).toBe(oidc.issuer);
    expect(authorizeUrl.searchParams.get("client_id")).toBe(oidc.clientId);
    expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(`${BASE}/api/auth/callback/oidc`);
    expect(authorizeUrl.searchParams.get("state")).toBeTruthy();
    expect(authorizeUrl.searchParams.get("nonce")).toBeTruthy();
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect((await me(app)).status).toBe(401);

    const { callback, askedForLogin } = await throughProvider(provider, authorizeUrl.toString(), CUSTOMER.sub);
    expect(askedForLogin).toBe(true);
    expect(callback.pathname).toBe("/api/auth/callback/oidc");
    expect(callback.searchParams.get("code")).toBeTruthy();

    const res = await appCallback(app, callback);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^(http:\/\/localhost:3000)?\/billing$/);
    const { status, body } = await me(app);
    expect(status).toBe(200);
    expect(body).toMatchObject({ email: CUSTOMER.email, emailVerified: true, firstName: "Casey", lastName: "Customer", role: "customer" });
  });

  it("gives admin rights by ADMIN_EMAILS only when the issuer has verified the address", async () => {
    const admin = await signInThroughIssuer(ADMIN.sub, "/admin");
    expect(admin.res.status).toBe(302);
    expect((await me(admin.app)).body).toMatchObject({ email: ADMIN.email, emailVerified: true, role: "admin" });
    expect((await call(adminNotificationsGet, { path: "/api/admin/notifications", cookie: admin.app.header() })).status).toBe(200);

    const unverified = await signInThroughIssuer(ADMIN_UNVERIFIED.sub, "/admin");
    expect(unverified.res.status).toBe(302);
    expect((await me(unverified.app)).body).toMatchObject({ email: ADMIN_UNVERIFIED.email, emailVerified: false, role: "customer" });
    expect((await call(adminNotificationsGet, { path: "/api/admin/notifications", cookie: unverified.app.header() })).status).toBe(403);
  });

  it("matches AI employees to a verified issuer address, and not to an unverified one", async () => {
    const verifiedOrder = await addOrder(CUSTOMER.email);
    const unverifiedOrder = await addOrder(UNVERIFIED.email);
    const customer = await signInThroughIssuer(CUSTOMER.sub);
    expect(await orderIds(customer.app)).toContain(verifiedOrder);
    const unverified = await signInThroughIssuer(UNVERIFIED.sub);
    expect((await me(unverified.app)).body).toMatchObject({ email: UNVERIFIED.email, emailVerified: false });
    expect(await orderIds(unverified.app)).not.toContain(unverifiedOrder);
    expect(await orderIds(unverified.app)).toEqual([]);
  });

  it("an unverified address that the issuer later verifies gets its AI employees on the next sign-in", async () => {
    const account = { sub: `late-${randomUUID().slice(0, 6)}`, email: `late-${randomUUID().slice(0, 6)}@example.com`, emailVerified: false };
    oidc.setAccount(account);
    const order = await addOrder(account.email);
    const first = await signInThroughIssuer(account.sub);
    expect(await orderIds(first.app)).toEqual([]);
    oidc.setAccount({ ...account, emailVerified: true });
    const second = await signInThroughIssuer(account.sub);
    expect((await me(second.app)).body?.id).toBe((await me(first.app)).body?.id);
    // better-auth marks the address verified when the linked issuer account says so.
    expect(await orderIds(second.app)).toContain(order);
  });
});

describe("joining an issuer account to an existing password account", () => {
  it("links when both the issuer and the account have verified the address", async () => {
    const existing = await createUser({ verified: true, email: `both-${randomUUID().slice(0, 6)}@example.com` });
    oidc.setAccount({ sub: `both-${existing.id}`, email: existing.email, emailVerified: true });
    const { res, app } = await signInThroughIssuer(`both-${existing.id}`);
    expect(res.status).toBe(302);
    expect((await me(app)).body).toMatchObject({ id: existing.id, email: existing.email });
  });

  it.each([
    ["refuses, with the sign-in-failed page, when the password account has not verified the address", "localunv", { password: false, issuer: true }],
    ["refuses when the issuer has not verified the address", "issuerunv", { password: true, issuer: false }],
  ])("%s", async (_title, prefix, verified) => {
    const existing = await createUser({ verified: verified.password, email: `${prefix}-${randomUUID().slice(0, 6)}@example.com` });
    oidc.setAccount({ sub: `${prefix}-${existing.id}`, email: existing.email, emailVerified: verified.issuer });
    const { res, app } = await signInThroughIssuer(`${prefix}-${existing.id}`);
    expectSignInFailed(res, "account_not_linked");
    expect((await me(app)).status).toBe(401);
  });
});

describe("a tampered callback", () => {
  it("with a changed state lands on the sign-in-failed page, signed out", async () => {
    const { authorizeUrl, app, provider } = await startSignIn();
    const { callback } = await throughProvider(provider, authorizeUrl.toString(), CUSTOMER.sub);
    callback.searchParams.set("state", `${callback.searchParams.get("state")}x`);
    const res = await appCallback(app, callback);
    expectSignInFailed(res);
    expect((await me(app)).status).toBe(401);
  });

  it("with a changed code lands on the sign-in-failed page, signed out", async () => {
    const { authorizeUrl, app, provider } = await startSignIn();
    const { callback } = await throughProvider(provider, authorizeUrl.toString(), CUSTOMER.sub);
    callback.searchParams.set("code", `${callback.searchParams.get("code")}x`);
    const res = await appCallback(app, callback);
    expectSignInFailed(res, "invalid_code");
    expect((await me(app)).status).toBe(401);
  });

  it("in another browser (no state cookie) lands on the sign-in-failed page", async () => {
    const { authorizeUrl, provider } = await startSignIn();
    const { callback } = await throughProvider(provider, authorizeUrl.toString(), CUSTOMER.sub);
    const res = await appCallback(new CookieJar(), callback);
    expectSignInFailed(res);
  });

  it("used a second time lands on the sign-in-failed page", async () => {
    const { authorizeUrl, app, provider } = await startSignIn();
    const { callback } = await throughProvider(provider, authorizeUrl.toString(), CUSTOMER.sub);
    expect((await appCallback(app, callback)).headers.get("location")).toMatch(/\/billing$/);
    const replay = await appCallback(new CookieJar(), callback);
    expectSignInFailed(replay);
  });
});

describe("logout", () => {
  it("ends the session here and at the issuer, which returns to the home page; the next sign-in asks for the password again", async () => {
    const { app, provider } = await signInThroughIssuer(CUSTOMER.sub);
    expect((await me(app)).status).toBe(200);

    const res = await call(logoutGet, { path: "/api/logout", cookie: app.header(), headers: { "sec-fetch-site": "same-origin" } });
    app.store(res);
    expect(res.status).toBe(302);
    const endSession = new URL(res.headers.get("location")!);
    expect(endSession.origin).toBe(oidc.issuer);
    expect(endSession.searchParams.get("id_token_hint")).toBeTruthy();
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${BASE}/`);
    expect((await me(app)).status).toBe(401);

    // The issuer asks to confirm, then sends the browser back to our home page.
    const confirm = await providerFetch(provider, endSession.toString());
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(xsrf).toBeTruthy();
    const done = await providerFetch(provider, formAction(html, endSession.toString()), { form: { xsrf: xsrf!, logout: "yes" } });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${BASE}/`);

    const again = await startSignIn("/billing", { provider });
    const { askedForLogin } = await throughProvider(provider, again.authorizeUrl.toString(), CUSTOMER.sub);
    expect(askedForLogin).toBe(true);
  });

  it("without an issuer session (password account) goes home as before", async () => {
    const user = await createUser();
    const res = await call(logoutGet, { path: "/api/logout", cookie: user.cookie, headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${BASE}/`);
  });
});

describe("ID token validation", () => {
  afterAll(() => oidc.tamperIdTokens(null));

  it("refuses an ID token whose signature does not match the issuer's keys", async () => {
    oidc.tamperIdTokens((token) => {
      // Same claims, a signature the issuer's keys did not make (its bytes reversed).
      const [header, payload, signature] = token.split(".");
      return [header, payload, Buffer.from(signature!, "base64url").reverse().toString("base64url")].join(".");
    });
    const { res, app } = await signInThroughIssuer(CUSTOMER.sub);
    expectSignInFailed(res);
    expect((await me(app)).status).toBe(401);
  });

  it("refuses a genuine ID token of the same account issued for an earlier sign-in (nonce)", async () => {
    let captured: string | undefined;
    oidc.tamperIdTokens((token) => (captured = token));
    // The same account's token from an earlier sign-in: only its nonce is not this sign-in's.
    await signInThroughIssuer(CUSTOMER.sub);
    expect(captured).toBeTruthy();
    oidc.tamperIdTokens(() => captured!);
    const { res, app } = await signInThroughIssuer(CUSTOMER.sub);
    expectSignInFailed(res);
    expect((await me(app)).status).toBe(401);
  });
});

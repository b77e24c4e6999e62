import { afterAll, beforeAll, describe } from "vitest";
import type { Browser } from "playwright-core";
import { freePort, startAppServer, type AppServer } from "./app-server";
import { launch } from "./browser";
import { OIDC_JOURNEY_ADMIN_EMAIL, oidcSignInJourney } from "./journeys/oidc-sign-in";
import { startOidcTestProvider, type TestOidcProvider } from "../test/oidc-test-provider";

/**
 * OpenID Connect sign-in in Chromium: a real OpenID provider (oidc-provider)
 * and the production build started with OIDC_* pointing at it.
 */
let oidc: TestOidcProvider;
let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  oidc = await startOidcTestProvider({
    redirectUris: [`${baseUrl}/api/auth/callback/oidc`],
    postLogoutRedirectUris: [`${baseUrl}/`],
    accounts: [],
  });
  app = await startAppServer({ port, env: { ...oidc.env(), ADMIN_EMAILS: OIDC_JOURNEY_ADMIN_EMAIL } });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await oidc?.stop();
});

describe("OpenID Connect sign-in (browser, real provider)", () => {
  oidcSignInJourney(() => ({ baseUrl: app.baseUrl, browser, oidc }));
});

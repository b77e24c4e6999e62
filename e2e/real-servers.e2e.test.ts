import { afterAll, beforeAll, describe } from "vitest";
import type { Browser } from "playwright-core";
import { freePort, startAppServer, type AppServer } from "./app-server";
import { launch } from "./browser";
import { contactJourney } from "./journeys/contact-smtp";
import { OIDC_JOURNEY_ADMIN, OIDC_JOURNEY_ADMIN_EMAIL, oidcSignInJourney, signInAtIssuer } from "./journeys/oidc-sign-in";
import { s3UploadJourney } from "./journeys/s3-upload";
import { startOidcTestProvider, type TestOidcProvider } from "../test/oidc-test-provider";
import { startS3TestServer, type TestS3Server } from "../test/s3-test-server";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp-test-server";

/**
 * The production build configured for real servers of all three outside
 * protocols, each started here: SMTP (smtp-server), S3 (s3rver, a private
 * bucket whose CORS rule names the app) and OpenID Connect (oidc-provider).
 * The contact, sign-in and upload journeys run against them in Chromium.
 */
const TEAM_EMAIL = "team@real-servers.test";

let smtp: TestSmtpServer;
let s3: TestS3Server;
let oidc: TestOidcProvider;
let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  // The issuer's redirect URIs and the bucket's CORS rule name the app, so its port is chosen first.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  [smtp, s3, oidc] = await Promise.all([
    startSmtpServer(),
    startS3TestServer({ corsOrigins: [baseUrl] }),
    startOidcTestProvider({ redirectUris: [`${baseUrl}/api/auth/callback/oidc`], postLogoutRedirectUris: [`${baseUrl}/`], accounts: [] }),
  ]);
  app = await startAppServer({
    port,
    env: { SMTP_URL: smtp.url(), TEAM_EMAIL, ...s3.env(), ...oidc.env(), ADMIN_EMAILS: OIDC_JOURNEY_ADMIN_EMAIL },
  });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await Promise.all([smtp?.close(), s3?.stop(), oidc?.stop()]);
});

describe("with SMTP, S3 and OpenID Connect servers", () => {
  describe("contact form through SMTP", () => {
    contactJourney(() => ({ baseUrl: app.baseUrl, browser, smtp, teamEmail: TEAM_EMAIL }), "real-servers");
  });

  describe("sign-in through the OpenID provider", () => {
    oidcSignInJourney(() => ({ baseUrl: app.baseUrl, browser, oidc }));
  });

  describe("avatar upload into the S3 bucket (private, served by the app), the admin signed in at the issuer", () => {
    s3UploadJourney(() => ({
      baseUrl: app.baseUrl,
      browser,
      s3,
      name: "real-servers-s3",
      signInAdmin: async (page) => {
        oidc.setAccount(OIDC_JOURNEY_ADMIN);
        await page.goto("/login?returnTo=%2Fadmin");
        await signInAtIssuer(page, oidc, OIDC_JOURNEY_ADMIN);
        await page.waitForURL(`${app.baseUrl}/admin`, { timeout: 20_000 });
      },
    }));
  });
});

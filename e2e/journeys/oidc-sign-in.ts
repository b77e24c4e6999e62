import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expectNoAxeViolations, newPage, screenshot } from "../browser";
import type { TestOidcAccount, TestOidcProvider } from "../../test/oidc-test-provider";

export type OidcJourneyContext = () => { baseUrl: string; browser: Browser; oidc: TestOidcProvider };

/** The address the journey signs in with as an admin: put it in the app's ADMIN_EMAILS. */
export const OIDC_JOURNEY_ADMIN_EMAIL = "oidc-journey-admin@example.com";

const suffix = randomUUID().slice(0, 8);
export const OIDC_JOURNEY_ADMIN: TestOidcAccount = { sub: `journey-admin-${suffix}`, email: OIDC_JOURNEY_ADMIN_EMAIL, emailVerified: true, givenName: "Olivia", familyName: "Okafor" };
const CUSTOMER: TestOidcAccount = { sub: `journey-customer-${suffix}`, email: `oidc-journey-${suffix}@example.com`, emailVerified: true, givenName: "Marco", familyName: "Rossi" };

/** On the issuer's own login page (oidc-provider's form): types the account's login and any password. */
export async function signInAtIssuer(page: Page, oidc: TestOidcProvider, account: TestOidcAccount): Promise<void> {
  await page.waitForURL((url) => url.origin === oidc.issuer && url.pathname.startsWith("/interaction/"), { timeout: 15_000 });
  await page.locator('input[name="login"]').fill(account.sub);
  await page.locator('input[name="password"]').fill(account.password ?? "issuer-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

/** Opens `path` signed out, signs in at the issuer as `account` and waits to be back on `landing` (default `path`). */
async function signInFrom(page: Page, baseUrl: string, oidc: TestOidcProvider, account: TestOidcAccount, path: string, landing = path): Promise<void> {
  await page.goto(path);
  await signInAtIssuer(page, oidc, account);
  await page.waitForURL(`${baseUrl}${landing}`, { timeout: 20_000 });
}

/** The callback URL the issuer sends this (already signed-in at the issuer) browser to, without following it. */
async function issuerCallbackUrl(context: BrowserContext, baseUrl: string, returnTo: string): Promise<URL> {
  let next = `${baseUrl}/api/login?returnTo=${encodeURIComponent(returnTo)}`;
  for (let hop = 0; hop < 10; hop++) {
    const res = await context.request.get(next, { maxRedirects: 0 });
    const location = res.headers()["location"];
    expect(location, `redirect from ${next}`).toBeTruthy();
    const target = new URL(location!, next);
    if (target.origin === baseUrl && target.pathname === "/api/auth/callback/oidc") return target;
    next = target.toString();
  }
  throw new Error("the issuer did not send the browser back");
}

/** A new browser context signed in at the issuer as the journey's customer, on /dashboard. */
async function customerOnDashboard(ctx: OidcJourneyContext): Promise<{ context: BrowserContext; page: Page }> {
  const { baseUrl, browser, oidc } = ctx();
  oidc.setAccount(CUSTOMER);
  const { context, page } = await newPage(browser, baseUrl);
  await signInFrom(page, baseUrl, oidc, CUSTOMER, "/dashboard");
  return { context, page };
}

/** Takes the page's screenshot `name`, checks it has no accessibility violations, and closes its browser context. */
async function screenshotCheckedAndClose(context: BrowserContext, page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await expectNoAxeViolations(page);
  await context.close();
}

/** Confirms the issuer's logout page (RP-initiated logout) and lands on our home page, signed out. */
async function confirmIssuerLogout(ctx: OidcJourneyContext, context: BrowserContext, page: Page): Promise<void> {
  const { baseUrl, oidc } = ctx();
  await page.waitForURL((url) => url.origin === oidc.issuer, { timeout: 15_000 });
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await page.waitForURL(`${baseUrl}/`, { timeout: 15_000 });
  expect((await context.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
}

/**
 * OpenID Connect sign-in in a browser against a real provider: the portal
 * sends the visitor to the issuer's own login page, comes back signed in,
 * refuses a tampered callback with a clear page, and logs out at both ends.
 * Registers its own accounts at the provider; the app must list
 * OIDC_JOURNEY_ADMIN_EMAIL in ADMIN_EMAILS.
 */
export function oidcSignInJourney(ctx: OidcJourneyContext): void {
  it("signs in at the issuer's login page from /billing and comes back signed in to the portal", async () => {
    const { baseUrl, browser, oidc } = ctx();
    oidc.setAccount(CUSTOMER);
    const { context, page } = await newPage(browser, baseUrl);
    await signInFrom(page, baseUrl, oidc, CUSTOMER, "/billing");
    await expect.poll(() => page.getByTestId("avatar-button").textContent()).toBe("M");
    await page.getByTestId("avatar-button").click();
    await expect.poll(() => page.getByRole("menu").textContent()).toContain(CUSTOMER.email);
    expect(await page.getByRole("menuitem", { name: "Admin" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await screenshotCheckedAndClose(context, page, "oidc-billing-signed-in-desktop");
  });

  it("at 390 px: signs in from /login and, as an address in ADMIN_EMAILS the issuer verified, reaches the admin console", async () => {
    const { baseUrl, browser, oidc } = ctx();
    oidc.setAccount(OIDC_JOURNEY_ADMIN);
    const { context, page } = await newPage(browser, baseUrl, { width: 390, height: 844 });
    await signInFrom(page, baseUrl, oidc, OIDC_JOURNEY_ADMIN, "/login?returnTo=%2Fadmin", "/admin");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).first().isVisible()).toBe(true);
    const me = await context.request.get(`${baseUrl}/api/auth/user`);
    expect(await me.json()).toMatchObject({ email: OIDC_JOURNEY_ADMIN.email, emailVerified: true, role: "admin" });
    await screenshotCheckedAndClose(context, page, "oidc-admin-signed-in-390");
  });

  it("a tampered callback shows the sign-in-failed page with a way back, not an error; desktop and 390 px", async () => {
    const { baseUrl, browser, oidc } = ctx();
    oidc.setAccount(CUSTOMER);
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, baseUrl, { width, height: width === 390 ? 844 : 900 });
      await signInFrom(page, baseUrl, oidc, CUSTOMER, "/login?returnTo=%2Fdashboard", "/dashboard");
      await page.goto("/api/logout");
      // The issuer's session stays (its logout is not confirmed here), so it answers the next request at once.
      const callback = await issuerCallbackUrl(context, baseUrl, "/dashboard");
      callback.searchParams.set("state", `${callback.searchParams.get("state")}tampered`);
      const res = await page.goto(callback.toString());
      expect(new URL(page.url()).pathname).toBe("/sign-in-failed");
      expect(res?.status()).toBe(200);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign-in failed");
      expect(await page.locator("main").textContent()).toMatch(/not the one this browser started|could not confirm/);
      expect((await context.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
      await screenshot(page, `oidc-sign-in-failed-${width === 390 ? "390" : "desktop"}`);
      await expectNoAxeViolations(page);
      // Try again starts a fresh sign-in, which the issuer (still signed in) completes.
      await page.getByRole("link", { name: "Try again" }).click();
      await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 20_000 });
      await context.close();
    }
  });

  it("logs out here and at the issuer, back on the home page; the next visit asks the issuer's login again", async () => {
    const { oidc } = ctx();
    const { context, page } = await customerOnDashboard(ctx);
    await page.getByTestId("avatar-button").click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    // The issuer's own confirmation (RP-initiated logout), then our home page.
    await confirmIssuerLogout(ctx, context, page);
    await page.goto("/billing");
    await page.waitForURL((url) => url.origin === oidc.issuer && url.pathname.startsWith("/interaction/"), { timeout: 15_000 });
    await context.close();
  });

  it("the /logout confirmation (a sign-out another site asked for) also ends the issuer's session", async () => {
    const { context, page } = await customerOnDashboard(ctx);
    await page.goto("/logout");
    await page.getByRole("button", { name: "Sign out" }).click();
    // The form's redirect to the issuer is allowed by the page's form-action policy.
    await confirmIssuerLogout(ctx, context, page);
    await context.close();
  });
}

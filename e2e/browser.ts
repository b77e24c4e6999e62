import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { expect } from "vitest";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../test-results/screenshots");

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export async function newContext(browser: Browser, baseURL: string, opts: { width?: number; height?: number; javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** axe: zero violations on the current page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(summary).toEqual([]);
}

/** Signs in through the built-in /login page. */
export async function signIn(page: Page, email: string, password: string, returnTo = "/dashboard"): Promise<void> {
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Email").first().fill(email);
  await page.getByLabel("Password").first().fill(password);
  await page.getByRole("button", { name: "Sign in" }).last().click();
  await page.waitForURL((url) => url.pathname === returnTo.split("?")[0]);
}

/** Creates an account through the built-in /login page. */
export async function signUp(page: Page, user: { firstName: string; lastName: string; email: string; password: string }, returnTo = "/dashboard"): Promise<void> {
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole("tab", { name: "Create account" }).click();
  await page.getByLabel("First name").fill(user.firstName);
  await page.getByLabel("Last name").fill(user.lastName);
  await page.locator("#signup-email").fill(user.email);
  await page.locator("#signup-password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).last().click();
  await page.waitForURL((url) => url.pathname === returnTo.split("?")[0]);
}

export const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-password" };
export const DEMO_CUSTOMER = { email: "customer@example.com", password: "customer-demo-password" };

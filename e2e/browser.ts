import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { deflateSync } from "node:zlib";
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
  // Let fades (toasts, dialogs) finish: half-transparent text would be judged on a blend.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined);
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

/**
 * Creates an account through the built-in /login page, then signs in with it.
 * Sign-up does not sign in: the page stays, says to confirm the address, and
 * shows the sign-in form with the address filled in.
 */
export async function signUp(page: Page, user: { firstName: string; lastName: string; email: string; password: string }, returnTo = "/dashboard"): Promise<void> {
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole("tab", { name: "Create account" }).click();
  await page.getByLabel("First name").fill(user.firstName);
  await page.getByLabel("Last name").fill(user.lastName);
  await page.locator("#signup-email").fill(user.email);
  await page.locator("#signup-password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).last().click();
  const notice = page.getByRole("status").filter({ hasText: "Check your e-mail" });
  await notice.waitFor();
  expect(await notice.textContent()).toContain(user.email);
  expect(new URL(page.url()).pathname).toBe("/login");
  expect(await page.locator("#signin-email").inputValue()).toBe(user.email);
  await page.locator("#signin-password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).last().click();
  await page.waitForURL((url) => url.pathname === returnTo.split("?")[0]);
}

export const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-password" };
export const DEMO_CUSTOMER = { email: "customer@example.com", password: "customer-demo-password" };

/** A real RGB PNG (a gradient), so the avatar preview shows an image. */
export function tinyPng(width: number, height: number = width): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = 79;
      row[2 + x * 3] = Math.round(70 + (x / width) * 120);
      row[3 + x * 3] = Math.round(229 - (y / height) * 100);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}


/** Closes visible toasts (they fade after 5 s) so a page check sees the page itself. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  for (let i = 0; i < 5 && (await toasts.count()) > 0; i++) {
    await page.locator("[data-sonner-toast] [data-close-button]").first().click({ timeout: 1000 }).catch(() => undefined);
    await page.waitForTimeout(400);
  }
}

/** The text of the visible toast (one at a time). */
export function toastText(page: Page): Promise<string> {
  return page
    .locator("[data-sonner-toast]")
    .first()
    .textContent({ timeout: 1000 })
    .then((t) => t ?? "")
    .catch(() => "");
}

/** Waits until the built-in sign-in page itself is shown (not just /api/login). */
export async function waitForLoginPage(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === "/login", { timeout: 15_000 });
  await page.getByRole("form", { name: "Sign in" }).waitFor();
}

import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { deflateSync } from "node:zlib";
import { expect } from "vitest";
import type { AdminSubscription, BillingCycleView } from "@/features/billing/admin-api-types";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../test-results/screenshots");

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/** The base URL each context was made with (for same-origin API calls). */
const baseUrls = new WeakMap<BrowserContext, string>();

export async function newContext(browser: Browser, baseURL: string, opts: { width?: number; height?: number; javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
  });
  baseUrls.set(context, baseURL);
  return context;
}

/** A new context (as newContext) and its first page. */
export async function newPage(browser: Browser, baseURL: string, opts?: Parameters<typeof newContext>[2]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, baseURL, opts);
  return { context, page: await context.newPage() };
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
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Clicks an auth form's submit button and waits for better-auth's answer. Every
 * journey reaches the server from the same loopback address, so better-auth's
 * per-address request limit (e.g. 10 sign-ups a minute) can be met when
 * journeys run back to back in any order: its 429 (the one with X-Retry-After,
 * not the sign-in lockout's) is waited out and the form submitted again.
 */
export async function submitAuthForm(page: Page, endpoint: string, submit: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const [res] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === `/api/auth${endpoint}` && r.request().method() === "POST"), submit()]);
    const retryAfter = res.headers()["x-retry-after"];
    if (res.status() !== 429 || retryAfter === undefined || attempt >= 2) return;
    await page.waitForTimeout((Number(retryAfter) + 1) * 1000);
  }
}

/** Signs in through the built-in /login page. */
export async function signIn(page: Page, email: string, password: string, returnTo = "/dashboard"): Promise<void> {
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel("Email").first().fill(email);
  await page.getByLabel("Password").first().fill(password);
  await submitAuthForm(page, "/sign-in/email", () => page.getByRole("button", { name: "Sign in" }).last().click());
  await page.waitForURL((url) => url.pathname === returnTo.split("?")[0]);
}

export type NewUser = { firstName: string; lastName: string; email: string; password: string };

/** A customer no other journey knows: a unique e-mail address with the given prefix. */
export function uniqueUser(prefix: string, firstName = "Casey", lastName = "Customer"): NewUser {
  return { firstName, lastName, email: `${prefix}-${randomUUID().slice(0, 8)}@example.com`, password: "correct-horse-battery" };
}

/**
 * Creates an account through the built-in /login page, then signs in with it.
 * Sign-up does not sign in: the page stays, says to confirm the address, and
 * shows the sign-in form with the address filled in.
 */
export async function signUp(page: Page, user: NewUser, returnTo = "/dashboard"): Promise<void> {
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole("tab", { name: "Create account" }).click();
  const notice = await submitSignUpForm(page, user);
  expect(await notice.textContent()).toContain(user.email);
  expect(new URL(page.url()).pathname).toBe("/login");
  expect(await page.locator("#signin-email").inputValue()).toBe(user.email);
  await submitSignInAfterSignUp(page, user.password);
  await page.waitForURL((url) => url.pathname === returnTo.split("?")[0]);
}

/** On /login's Create account form: fills `user` in, submits it and waits for the "Check your e-mail" notice, which it answers. */
export async function submitSignUpForm(page: Page, user: NewUser): Promise<Locator> {
  await page.getByLabel("First name").fill(user.firstName);
  await page.getByLabel("Last name").fill(user.lastName);
  await page.locator("#signup-email").fill(user.email);
  await page.locator("#signup-password").fill(user.password);
  await submitAuthForm(page, "/sign-up/email", () => page.getByRole("button", { name: "Create account" }).last().click());
  const notice = page.getByRole("status").filter({ hasText: "Check your e-mail" });
  await notice.waitFor();
  return notice;
}

/** After sign-up the sign-in form has the address filled in: the password and Sign in. */
export async function submitSignInAfterSignUp(page: Page, password: string): Promise<void> {
  await page.locator("#signin-password").fill(password);
  await submitAuthForm(page, "/sign-in/email", () => page.getByRole("button", { name: "Sign in" }).last().click());
}

/**
 * The seeded demo admin: the product has no way to create an admin. There is
 * deliberately no demo customer here: journeys sign up their own customers
 * (uniqueUser, signUp, newCustomerWithEmployee) and never use seeded customer data.
 */
export const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-password" };

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
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * Chooses a PNG as the avatar on the admin's Create Orders form, each PUT of
 * the upload to `putUrl` (a glob) held back `delayMs` so the progress bar can
 * be seen, and waits for the bar. `puts` collects the PUTs' URLs as they come.
 */
export async function chooseAvatarSlowly(page: Page, putUrl: string, file: { name: string; png: Buffer }, delayMs: number): Promise<{ bar: Locator; puts: string[] }> {
  const puts: string[] = [];
  await page.route(putUrl, async (route) => {
    if (route.request().method() === "PUT") {
      puts.push(route.request().url());
      await new Promise((r) => setTimeout(r, delayMs));
    }
    await route.continue();
  });
  await page.getByLabel("Avatar (recommended)").setInputFiles({ name: file.name, mimeType: "image/png", buffer: file.png });
  const bar = page.getByRole("progressbar", { name: "Avatar upload progress" });
  await bar.waitFor({ state: "visible" });
  return { bar, puts };
}

/** Clicks the tab with exactly this name and waits until it is the selected one. */
export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect.poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected")).toBe("true");
}

/** Closes visible toasts (they fade after 5 s) so a page check sees the page itself. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  for (let i = 0; i < 5 && (await toasts.count()) > 0; i++) {
    await page
      .locator("[data-sonner-toast] [data-close-button]")
      .first()
      .click({ timeout: 1000 })
      .catch(() => undefined);
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

/** A same-origin API call carrying the context's session cookie; throws on a non-2xx answer. */
export async function api<T>(context: BrowserContext, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const baseURL = baseUrls.get(context);
  if (!baseURL) throw new Error("api(): the context was not made by newContext()");
  const res = await context.request.fetch(`${baseURL}${path}`, { method, data, headers: { origin: baseURL } });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A browser context signed in as the seeded demo admin (the product has no way
 * to create an admin). Journeys let it act only on data they created.
 */
export async function adminContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const { context, page } = await newPage(browser, baseURL);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin");
  await page.close();
  return context;
}

/** The admin creates an AI-ready order through the API the Create Orders form uses. */
export async function createOrder(admin: BrowserContext, order: { aiEmployeeName: string; customerEmail: string; aiPhoneNumber?: string; webChatUrl?: string }): Promise<{ id: string }> {
  return api<{ id: string }>(admin, "POST", "/api/admin/ai-ready-orders", {
    aiPhoneNumber: "+1 (555) 010-4242",
    webChatUrl: "https://chat.example.com/assistant",
    ...order,
  });
}

/**
 * Opens `path` again and again until `locator` matches exactly once: what a
 * background job writes shows on a later load of the page.
 */
export async function reloadUntilOne(page: Page, path: string, locator: Locator, opts: { timeout: number; interval: number }): Promise<void> {
  await expect
    .poll(async () => {
      await page.goto(path);
      return locator.count();
    }, opts)
    .toBe(1);
}

/**
 * Opens the address-confirmation link of a fresh account: the admin reads it
 * from the e-mail outbox (no e-mail is delivered in tests) and the customer
 * follows it in its own browser context.
 */
export async function verifyEmailFromOutbox(admin: BrowserContext, customer: Page, email: string): Promise<void> {
  const text = await emailTextFromOutbox(admin, email, "Confirm your e-mail address");
  const link = /https?:\/\/\S+verify-email\S+/.exec(text)?.[0];
  expect(link, "verification link in the e-mail").toBeTruthy();
  await customer.goto(link!.replace(/^https?:\/\/[^/]+/, ""));
}

/**
 * The text part of the one e-mail to `email` whose subject holds `subject`,
 * read by the admin from the outbox (polled until it is there). `onMessage`
 * runs on the message's page before it closes (screenshots, axe).
 */
export async function emailTextFromOutbox(admin: BrowserContext, email: string, subject: string, onMessage?: (page: Page) => Promise<void>): Promise<string> {
  const page = await admin.newPage();
  const row = page.getByTestId("outbox-row").filter({ hasText: email }).filter({ hasText: subject });
  await reloadUntilOne(page, "/admin/outbox", row, { timeout: 20_000, interval: 500 });
  await row.getByRole("link").click();
  await page.waitForURL(/\/admin\/outbox\/.+/);
  const text = (await page.getByTestId("email-text").textContent()) ?? "";
  await onMessage?.(page);
  await page.close();
  return text;
}

export type CustomerWithEmployee = { context: BrowserContext; page: Page; user: NewUser; employee: string; orderId: string };

/**
 * A new customer of this journey only: the admin prepares an AI employee for a
 * unique e-mail address, the customer signs up with it and confirms it (an
 * order becomes visible to a verified owner only), and ends on `returnTo`.
 */
export async function newCustomerWithEmployee(
  browser: Browser,
  baseURL: string,
  admin: BrowserContext,
  opts: { employee: string; prefix: string; firstName?: string; lastName?: string; returnTo?: string; width?: number; height?: number },
): Promise<CustomerWithEmployee> {
  const user = uniqueUser(opts.prefix, opts.firstName, opts.lastName);
  const { id: orderId } = await createOrder(admin, { aiEmployeeName: opts.employee, customerEmail: user.email });
  const { context, page } = await newPage(browser, baseURL, { width: opts.width, height: opts.height });
  await signUp(page, user, "/dashboard");
  await verifyEmailFromOutbox(admin, page, user.email);
  await page.goto(opts.returnTo ?? "/billing");
  return { context, page, user, employee: opts.employee, orderId };
}

/** Fills the sandbox card form (checkout and subscribe). */
export async function fillCard(page: Page, number: string, name = "Casey Customer"): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill(name);
}

/**
 * From /billing: the pending AI employee's Start Free Trial, the Small plan,
 * the good test card (or `opts.cardNumber`, e.g. 4000 0000 0000 0341 whose
 * charges fail); ends on /billing with the trial started. `opts.onCheckout`
 * runs on the filled checkout page before it is submitted (axe, screenshots).
 */
export async function startTrialFromBilling(page: Page, employee: string, cardholder?: string, opts: { cardNumber?: string; onCheckout?: (page: Page) => Promise<void> } = {}): Promise<void> {
  if (new URL(page.url()).pathname !== "/billing") await page.goto("/billing");
  const card = page.getByRole("article", { name: `AI employee ${employee}` });
  await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
  await card.getByRole("button", { name: "Start Free Trial" }).click();
  await page.getByTestId("plan-card-small").getByRole("button", { name: "Start Free Trial" }).click();
  await page.waitForURL(/\/checkout\?/);
  await expect.poll(() => page.getByLabel("Card number").isVisible(), { timeout: 15_000 }).toBe(true);
  await fillCard(page, opts.cardNumber ?? "4242 4242 4242 4242", cardholder);
  await opts.onCheckout?.(page);
  await page.getByRole("button", { name: "Start Free Trial" }).click();
  await page.waitForURL((u) => u.pathname === "/billing", { timeout: 30_000 });
  await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Trial Started!");
}

/** The admin's view of the customer's live (not cancelled) subscription. */
export async function subscriptionOf(admin: BrowserContext, email: string): Promise<AdminSubscription> {
  // One page of the server-side search (ADR 0096), not the whole list.
  const subs = await api<AdminSubscription[]>(admin, "GET", `/api/admin/subscriptions?q=${encodeURIComponent(email)}`);
  const sub = subs.find((s) => s.user.email === email && s.status !== "cancelled");
  expect(sub, `subscription of ${email}`).toBeTruthy();
  return sub!;
}

/** The admin records usage for the customer's current billing cycle (the API /admin/usage uses). */
export async function recordUsage(admin: BrowserContext, email: string, phone: number, text: number): Promise<void> {
  const sub = await subscriptionOf(admin, email);
  const period = await api<{ billingCycles: BillingCycleView[] }>(admin, "GET", `/api/admin/subscription-period?subscriptionId=${encodeURIComponent(sub.id)}`);
  const cycle = period.billingCycles.find((c) => c.isCurrent) ?? period.billingCycles[0];
  expect(cycle).toBeTruthy();
  await api(admin, "POST", "/api/admin/add-usage", {
    subscriptionId: sub.id,
    billingCycleId: cycle!.id,
    phoneInboundUsage: phone,
    phoneOutboundUsage: 0,
    textInboundUsage: text,
    textOutboundUsage: 0,
  });
}

/** Fills the contact form as Rosa Martinez asking about sales and pricing. */
export async function fillContact(page: Page, message: string, company = "Bright Smiles Dental"): Promise<void> {
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill("Martinez");
  await page.getByLabel("Email").fill("rosa@brightsmiles.com");
  await page.getByLabel("Company (optional)").fill(company);
  await page.getByLabel("Subject").selectOption("Sales and pricing");
  await page.getByLabel("Message", { exact: true }).fill(message);
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** The page fits a 390 px screen: nothing wider than the viewport. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Screenshot and axe at 1280 px, then at 390 px (nothing wider than the screen), then back; `ready` waits for the content each time. */
export async function checkBothWidths(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await ready();
  await screenshot(page, name);
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await ready();
  await expectNoSidewaysScroll(page);
  await screenshot(page, `${name}-390`);
  await expectNoAxeViolations(page);
  await page.setViewportSize(DESKTOP);
}

/**
 * The owner (on `ownerPage`) invites `member` as staff from /account; the
 * member opens the invitation e-mail's link in a new context, creates a login
 * (waiting out the auth rate limit as a person would), signs in and accepts,
 * and lands on the dashboard. Answers the member's context and page.
 */
export async function inviteStaffAndJoin(browser: Browser, baseUrl: string, admin: BrowserContext, ownerPage: Page, member: NewUser): Promise<{ context: BrowserContext; page: Page }> {
  await ownerPage.goto("/account");
  await ownerPage.getByLabel("E-mail address").fill(member.email);
  await ownerPage.getByLabel("Role", { exact: true }).selectOption("staff");
  await ownerPage.getByRole("button", { name: "Send invitation" }).click();
  await expect.poll(() => ownerPage.getByText(`Invitation sent to ${member.email}`).isVisible(), { timeout: 15_000 }).toBe(true);
  const text = await emailTextFromOutbox(admin, member.email, "You are invited to join");
  const invitationPath = /\/invitations\/[^\s)]+/.exec(text)?.[0] ?? "";
  const { context, page } = await newPage(browser, baseUrl);
  await page.goto(invitationPath);
  await page.getByRole("link", { name: "Create a login" }).click();
  await page.waitForURL((u) => u.pathname === "/login");
  await submitSignUpForm(page, member);
  await submitSignInAfterSignUp(page, member.password);
  await page.waitForURL((u) => u.pathname === invitationPath);
  await page.getByRole("button", { name: "Accept" }).click();
  await page.waitForURL((u) => u.pathname === "/dashboard", { timeout: 15_000 });
  return { context, page };
}

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { DEMO_ADMIN, DEMO_CUSTOMER, expectNoAxeViolations, launch, newContext, screenshot, signIn } from "./browser";

/**
 * Issue 5 journey on the embedded defaults: the customer starts a trial on the
 * seeded AI employee -> the admin records usage on /admin/usage -> the
 * customer's dashboard bars move -> the sandbox clock passes the trial -> the
 * admin bills an overage entry with two line items now -> the invoice is in the
 * customer's Billing History and the entry's History badge is green.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let adminCtx: BrowserContext;
let customerCtx: BrowserContext;
let admin: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launch();
  adminCtx = await newContext(browser, baseUrl);
  customerCtx = await newContext(browser, baseUrl);
  admin = await adminCtx.newPage();
  customer = await customerCtx.newPage();
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin");
  await signIn(customer, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "/dashboard");
});
afterAll(async () => {
  await adminCtx?.close();
  await customerCtx?.close();
  await browser?.close();
});

async function adminApi<T>(method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const res = await adminCtx.request.fetch(`${baseUrl}${path}`, { method, data, headers: { origin: baseUrl } });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function customerApi<T>(method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const res = await customerCtx.request.fetch(`${baseUrl}${path}`, { method, data, headers: { origin: baseUrl } });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

function toastText(page: Page): Promise<string> {
  return page
    .locator("[data-sonner-toast]")
    .first()
    .textContent({ timeout: 1000 })
    .then((t) => t ?? "")
    .catch(() => "");
}

/** Closes visible toasts (they fade after 5 s) so a page check sees the page itself. */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  for (let i = 0; i < 5 && (await toasts.count()) > 0; i++) {
    await page.locator("[data-sonner-toast] [data-close-button]").first().click({ timeout: 1000 }).catch(() => undefined);
    await page.waitForTimeout(400);
  }
}

async function customerSubscription(): Promise<AdminSubscription> {
  const subs = await adminApi<AdminSubscription[]>("GET", "/api/admin/subscriptions");
  const sub = subs.find((s) => s.user.email === DEMO_CUSTOMER.email && s.status !== "cancelled");
  expect(sub, "the customer's subscription").toBeTruthy();
  return sub!;
}

describe("admin usage and overage billing (sandbox)", () => {
  it("customer starts a trial on the seeded AI employee (checkout through the API)", async () => {
    const orders = await customerApi<Array<{ id: string; aiEmployeeName: string; status: string }>>("GET", "/api/ai-ready-orders");
    const sophie = orders.find((o) => o.aiEmployeeName === "Sophie");
    expect(sophie?.status).toBe("pending");
    const si = await customerApi<{ clientSecret: string; setupIntentId: string }>("POST", "/api/create-setup-intent", {});
    await customerApi("POST", "/api/sandbox/confirm-setup", { clientSecret: si.clientSecret, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" });
    await customerApi("POST", "/api/complete-subscription", { setupIntentId: si.setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: sophie!.id });
    expect((await customerSubscription()).status).toBe("trialing");
  });

  it("the Subscriptions tab says a trialing subscription has no billing cycles yet", async () => {
    await admin.goto("/admin?tab=subscriptions");
    const item = admin.getByRole("article", { name: /^Subscription of / }).filter({ hasText: DEMO_CUSTOMER.email });
    await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await item.getByText("Free Trial").first().isVisible()).toBe(true);
    expect(await item.getByText("This subscription is in trial mode. No billing cycles are available yet.").isVisible()).toBe(true);
    expect(await item.getByText("Sophie").isVisible()).toBe(true);
    await screenshot(admin, "admin-subscriptions-trial");
    await dismissToasts(admin);
    await expectNoAxeViolations(admin);
  });

  it("admin records usage on /admin/usage and the customer's dashboard bars move", async () => {
    await admin.goto("/admin/usage");
    await expect.poll(() => admin.getByRole("heading", { name: "Usage Management", level: 1 }).isVisible(), { timeout: 15_000 }).toBe(true);
    const list = admin.getByRole("list", { name: "Active subscriptions" });
    await expect.poll(() => list.isVisible(), { timeout: 15_000 }).toBe(true);

    // The form's own checks.
    await admin.getByRole("button", { name: "Add Usage" }).click();
    await expect.poll(() => toastText(admin)).toContain("Please select a subscription first");
    await list.getByRole("button").filter({ hasText: DEMO_CUSTOMER.email }).click();
    expect(await admin.getByLabel("Subscription", { exact: true }).inputValue()).not.toBe("");
    await admin.getByRole("button", { name: "Add Usage" }).click();
    await expect.poll(() => toastText(admin)).toContain("Please select a billing cycle first");

    const cycle = admin.getByLabel("Billing cycle");
    await expect.poll(() => cycle.locator("option").count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const trialOption = await cycle.locator("option").nth(1).getAttribute("value");
    await cycle.selectOption(trialOption!);
    await admin.getByLabel("Phone inbound usage").fill("20");
    await admin.getByLabel("Phone outbound usage").fill("10");
    await admin.getByLabel("Text inbound usage").fill("48");
    await admin.getByLabel("Text outbound usage").fill("12");
    await admin.getByRole("button", { name: "Add Usage" }).click();
    await expect.poll(() => toastText(admin), { timeout: 15_000 }).toContain("Usage Added");
    await expect.poll(() => admin.getByText("Recorded so far: phone 20 in / 10 out · text 48 in / 12 out").isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(admin, "admin-usage");
    await dismissToasts(admin);
    await expectNoAxeViolations(admin);

    await customer.goto("/dashboard");
    await expect.poll(() => customer.getByTestId("usage-phone").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await customer.getByTestId("usage-phone").textContent()).toBe("30 / 120 (25%)");
    expect(await customer.getByTestId("usage-text").textContent()).toBe("60 / 240 (25%)");
  });

  it("after the trial, admin bills an overage entry with two line items now; the customer sees the invoice and History is green", async () => {
    await adminApi("POST", "/api/admin/sandbox-clock", { days: 15 });
    await expect.poll(async () => (await customerSubscription()).status, { timeout: 15_000 }).toBe("active");

    await admin.goto("/admin?tab=subscriptions");
    const item = admin.getByRole("article", { name: /^Subscription of / }).filter({ hasText: DEMO_CUSTOMER.email });
    await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => item.getByRole("tab", { name: "Overage Billing" }).isVisible()).toBe(true);

    // No period yet.
    await item.getByRole("button", { name: "Start Overage Entry" }).click();
    await expect.poll(() => toastText(admin)).toContain("Please select a billing period first.");
    expect(await toastText(admin)).toContain("No period selected");

    const period = item.getByLabel("Billing period");
    await period.selectOption({ index: 1 });
    await item.getByLabel("Bill now (invoice immediately)").check();
    await item.getByRole("button", { name: "Start Overage Entry" }).click();
    const addButton = item.getByRole("button", { name: "Add Line Item" });
    await expect.poll(() => addButton.isVisible(), { timeout: 15_000 }).toBe(true);

    // Missing price.
    await addButton.click();
    await expect.poll(() => toastText(admin)).toContain("Please fill in all required fields.");

    // Line 1: the plan's phone inbound usage price, 5 x $1.98.
    await expect.poll(() => item.getByLabel("Price", { exact: true }).locator("option").count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await item.getByRole("button", { name: "Phone inbound" }).click();
    expect(await item.getByLabel("Unit price (cents)").inputValue()).toBe("198");
    await item.getByLabel("Quantity").fill("5");
    expect(await item.getByText("Total: $9.90").isVisible()).toBe(true);
    await addButton.click();
    await expect.poll(() => item.getByRole("table").textContent(), { timeout: 10_000 }).toContain("$9.90");

    // Line 2: text inbound with a unit price override of 50 cents, 10 units.
    await item.getByRole("button", { name: "Text inbound" }).click();
    await item.getByLabel("Quantity").fill("10");
    await item.getByLabel("Unit price (cents)").fill("50");
    await item.getByLabel("Description (optional)").fill("Extra texts");
    await addButton.click();
    await expect.poll(() => item.getByRole("table").textContent(), { timeout: 10_000 }).toContain("$14.90");
    await screenshot(admin, "admin-overage-entry");
    await dismissToasts(admin);
    await expectNoAxeViolations(admin);

    await item.getByRole("button", { name: "Review & Submit" }).click();
    const dialog = admin.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("$14.90");
    await screenshot(admin, "admin-overage-review");
    await dismissToasts(admin);
    await expectNoAxeViolations(admin);
    await dialog.getByRole("button", { name: "Submit and Bill Now" }).click();
    await expect.poll(() => toastText(admin), { timeout: 20_000 }).toContain("Invoice Created");
    expect(await toastText(admin)).toContain("Check email");
    // Submit reset the local state.
    expect(await item.getByRole("button", { name: "Start Overage Entry" }).isVisible()).toBe(true);

    await item.getByRole("tab", { name: "History" }).click();
    const badge = item.getByRole("list", { name: "Overage history" }).locator("[data-status]").first();
    await expect.poll(() => badge.getAttribute("data-status"), { timeout: 15_000 }).toBe("billed");
    expect(await badge.getAttribute("class")).toContain("bg-green-100");
    expect(await item.getByRole("list", { name: "Overage history" }).textContent()).toContain("$14.90");
    await screenshot(admin, "admin-overage-history");
    await dismissToasts(admin);
    await expectNoAxeViolations(admin);

    const invoices0 = await customerApi<Array<{ amountDue?: number; amount?: number }>>("GET", "/api/billing-history");
    expect(JSON.stringify(invoices0)).toContain("1490");
    await customer.goto("/billing?tab=billing");
    await customer.getByRole("tab", { name: "Billing History" }).click();
    const invoices = customer.getByTestId("invoice-table");
    await expect.poll(() => invoices.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await invoices.textContent()).toContain("$14.90");
    await screenshot(customer, "customer-billing-history-overage");
  });

  it("the Test tab creates a test subscription and charges meter usage (sessions default 3)", async () => {
    const sub = await customerSubscription();
    const prices = await adminApi<{ usagePriceMap: Record<string, { id: string; unitAmount: number } | null> }>("GET", `/api/admin/stripe-prices?subscriptionId=${sub.id}`);
    await admin.goto("/admin?tab=test");
    await expect.poll(() => admin.getByRole("heading", { name: "Charge Meter Usage" }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await admin.getByLabel("Sessions").inputValue()).toBe("3");
    await admin.getByRole("button", { name: "Charge Meter Usage" }).click();
    await expect.poll(() => toastText(admin)).toContain("Missing Customer ID");

    await admin.locator("#test-meter-customer").fill(sub.stripeCustomerId);
    await admin.locator("#test-meter-price").fill(prices.usagePriceMap.phone_inbound!.id);
    await admin.getByRole("button", { name: "Charge Meter Usage" }).click();
    await expect.poll(() => admin.getByText(/Invoice .+: \$5\.94 charged\./).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(admin, "admin-test-tab");
    await dismissToasts(admin);
    await expectNoAxeViolations(admin);
  });
});

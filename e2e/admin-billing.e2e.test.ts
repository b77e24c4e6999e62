import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  api,
  chooseAvatarSlowly,
  dismissToasts,
  expectNoAxeViolations,
  screenshot,
  signUp,
  startTrialFromBilling,
  subscriptionOf,
  tinyPng,
  toastText,
  uniqueUser,
  verifyEmailFromOutbox,
  type CustomerWithEmployee,
} from "./browser";
import { journeyBrowser } from "./suite";

/**
 * Admin billing journeys on the embedded defaults. The first: the admin creates
 * an AI-ready order with an avatar for a new customer -> the customer signs up,
 * verifies the address through the e-mail outbox, sees the AI employee with its
 * avatar and starts a trial from /billing. Each later journey starts from its
 * own new customer with a trial started the same way, then: the Subscriptions
 * tab; the admin records usage on /admin/usage and the customer's dashboard
 * bars move; the sandbox clock passes the trial and the admin bills an overage
 * entry with two line items now (the invoice is in the customer's Billing
 * History and the entry's History badge is green); the Test tab.
 */
const suite = journeyBrowser({ admin: true });
let admin: Page;
const customers: BrowserContext[] = [];

beforeAll(async () => {
  admin = await suite.admin.newPage();
});
afterAll(async () => {
  for (const c of customers) await c.close();
});

/** A new customer of this journey whose AI employee's free trial (Small plan) has started. */
async function trialingCustomer(prefix: string, firstName: string): Promise<CustomerWithEmployee> {
  const c = await suite.newCustomerWithEmployee({ employee: `Aria ${randomUUID().slice(0, 8)}`, prefix, firstName, lastName: "Owner" });
  customers.push(c.context);
  await startTrialFromBilling(c.page, c.employee, `${firstName} Owner`);
  expect((await subscriptionOf(suite.admin, c.user.email)).status).toBe("trialing");
  return c;
}

describe("admin usage and overage billing (sandbox)", () => {
  it("admin creates an order with an avatar; the new customer verifies the address, sees the AI employee and starts a trial", async () => {
    const CUSTOMER = uniqueUser("riley", "Riley", "Owner");
    const EMPLOYEE = `Aria ${randomUUID().slice(0, 8)}`;
    const customerCtx = await suite.newContext();
    customers.push(customerCtx);
    const customer = await customerCtx.newPage();

    // Admin: Create Orders with an avatar (the single PUT is held back so the progress bar shows).
    await admin.goto("/admin?tab=orders");
    await admin.getByLabel("AI Employee Name").fill(EMPLOYEE);
    await admin.getByLabel("Phone Number").fill("+1 (555) 010-7788");
    await admin.getByLabel("Customer Email").fill(CUSTOMER.email);
    await admin.getByLabel("Web Chat URL").fill("https://chat.example.com/aria");
    await chooseAvatarSlowly(admin, "**/api/objects/put/**", { name: "aria.png", png: tinyPng(64) }, 1000);
    await admin.getByText("Avatar uploaded: aria.png").waitFor();
    await admin.getByRole("button", { name: "Create AI Ready Order" }).click();
    await expect.poll(() => toastText(admin), { timeout: 15_000 }).toContain("Setup instructions have been emailed to the customer");
    await admin.unroute("**/api/objects/put/**");

    // Customer: signs up with that address; unverified, the order is not theirs yet.
    await signUp(customer, CUSTOMER, "/billing");
    await expect.poll(() => customer.getByText("No AI employees available").isVisible(), { timeout: 15_000 }).toBe(true);

    // The verification link, read from the e-mail outbox as an admin.
    await verifyEmailFromOutbox(suite.admin, customer, CUSTOMER.email);

    // Verified: the AI employee with its avatar, pending.
    await customer.goto("/billing");
    const card = customer.getByRole("article", { name: `AI employee ${EMPLOYEE}` });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.getByText("Ready to Get Started?").isVisible()).toBe(true);
    await expect
      .poll(() =>
        card
          .locator("img")
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(64);
    await screenshot(customer, "journey-customer-ai-employee-avatar");

    // Start the trial from the plan chooser and pay with the test card.
    await startTrialFromBilling(customer, EMPLOYEE, "Riley Owner");
    expect((await subscriptionOf(suite.admin, CUSTOMER.email)).status).toBe("trialing");
    await customer.getByRole("tab", { name: "AI Employees" }).click();
    await expect.poll(() => customer.getByRole("article", { name: `AI employee ${EMPLOYEE}` }).textContent(), { timeout: 15_000 }).toContain("Subscription Started");
  }, 300_000);

  it("the Subscriptions tab says a trialing subscription has no billing cycles yet", async () => {
    const { user: CUSTOMER, employee: EMPLOYEE } = await trialingCustomer("casey", "Casey");
    await admin.goto("/admin?tab=subscriptions");
    // The list is paged on the server (ADR 0096): the first page shows, a search narrows it to this customer.
    const list = admin.getByTestId("admin-subscriptions-list");
    await expect.poll(() => list.getByTestId("admin-subscription-row").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await list.getByTestId("admin-subscription-row").count()).toBeLessThanOrEqual(50);
    await admin.getByTestId("admin-subscriptions-search").fill(CUSTOMER.email);
    await expect.poll(() => list.getByTestId("admin-subscription-row").count(), { timeout: 15_000 }).toBe(1);
    await admin.locator("#subscriptions-status").selectOption("trialing");
    await expect.poll(() => list.getByTestId("admin-subscription-row").count(), { timeout: 15_000 }).toBe(1);
    await admin.locator("#subscriptions-status").selectOption("cancelled");
    await expect.poll(() => admin.getByText("No subscriptions match.").isVisible(), { timeout: 15_000 }).toBe(true);
    await admin.locator("#subscriptions-status").selectOption("");
    const item = admin.getByRole("article", { name: /^Subscription of / }).filter({ hasText: CUSTOMER.email });
    await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await item.getByText("Free Trial").first().isVisible()).toBe(true);
    // The overage panel opens for this one card on demand; no card renders it unasked.
    expect(await admin.getByRole("tab", { name: "Overage Billing" }).count()).toBe(0);
    await item.getByRole("button", { name: "Bill overage" }).click();
    expect(await item.getByText("This subscription is in trial mode. No billing cycles are available yet.").isVisible()).toBe(true);
    // The card is named by its AI employee, plan and start date (issue 23).
    expect(await item.getByTestId("admin-subscription-label").textContent()).toMatch(new RegExp(`^${EMPLOYEE} — Small — started [A-Z][a-z]{2} \\d{1,2}, \\d{4}$`));
    await screenshot(admin, "admin-subscriptions-trial");
    await dismissToasts(admin);
    await expectNoAxeViolations(admin);
  }, 300_000);

  it("admin records usage on /admin/usage and the customer's dashboard bars move", async () => {
    const { page: customer, user: CUSTOMER } = await trialingCustomer("uma", "Uma");
    await admin.goto("/admin/usage");
    await expect.poll(() => admin.getByRole("heading", { name: "Usage Management", level: 1 }).isVisible(), { timeout: 15_000 }).toBe(true);
    const list = admin.getByRole("list", { name: "Active subscriptions" });
    await expect.poll(() => list.isVisible(), { timeout: 15_000 }).toBe(true);
    // The picker searches on the server (ADR 0096).
    await admin.getByTestId("usage-subscription-search").fill(CUSTOMER.email);
    await expect.poll(() => list.getByTestId("usage-subscription-option").count(), { timeout: 15_000 }).toBe(1);

    // The form's own checks.
    await admin.getByRole("button", { name: "Add Usage" }).click();
    await expect.poll(() => toastText(admin)).toContain("Please select a subscription first");
    await list.getByRole("button").filter({ hasText: CUSTOMER.email }).click();
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
    expect(await customer.getByTestId("usage-text").textContent()).toBe("30 / 120 (25%)");
  }, 300_000);

  it("after the trial, admin bills an overage entry with two line items now; the customer sees the invoice and History is green", async () => {
    const { page: customer, user: CUSTOMER } = await trialingCustomer("otto", "Otto");
    await api(suite.admin, "POST", "/api/admin/sandbox-clock", { days: 15 });
    await expect.poll(async () => (await subscriptionOf(suite.admin, CUSTOMER.email)).status, { timeout: 15_000 }).toBe("active");

    await admin.goto("/admin?tab=subscriptions");
    await admin.getByTestId("admin-subscriptions-search").fill(CUSTOMER.email);
    await expect.poll(() => admin.getByTestId("admin-subscription-row").count(), { timeout: 15_000 }).toBe(1);
    const item = admin.getByRole("article", { name: /^Subscription of / }).filter({ hasText: CUSTOMER.email });
    await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
    await item.getByRole("button", { name: "Bill overage" }).click();
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
    expect(await item.getByLabel("Unit price ($)").inputValue()).toBe("1.98");
    await item.getByLabel("Quantity").fill("5");
    expect(await item.getByText("Total: $9.90").isVisible()).toBe(true);
    await addButton.click();
    await expect.poll(() => item.getByRole("table").textContent(), { timeout: 10_000 }).toContain("$9.90");

    // Line 2: text inbound with a unit price override of 50 cents, 10 units.
    await item.getByRole("button", { name: "Text inbound" }).click();
    await item.getByLabel("Quantity").fill("10");
    await item.getByLabel("Unit price ($)").fill("0.50");
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
    await expect.poll(() => badge.getAttribute("data-status"), { timeout: 15_000 }).toBe("paid");
    expect(await badge.getAttribute("class")).toContain("bg-green-100");
    expect(await item.getByRole("list", { name: "Overage history" }).textContent()).toContain("$14.90");
    await screenshot(admin, "admin-overage-history");
    await dismissToasts(admin);
    await expectNoAxeViolations(admin);

    const invoices0 = await api<Array<{ amountDue?: number; amount?: number }>>(customer.context(), "GET", "/api/billing-history");
    expect(JSON.stringify(invoices0)).toContain("1490");
    await customer.goto("/billing?tab=billing");
    await customer.getByRole("tab", { name: "Billing History" }).click();
    const invoices = customer.getByTestId("invoice-table");
    await expect.poll(() => invoices.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await invoices.textContent()).toContain("$14.90");
    await screenshot(customer, "customer-billing-history-overage");
  }, 300_000);

  it("the Test tab creates a test subscription and charges meter usage (sessions default 3)", async () => {
    const { user: CUSTOMER } = await trialingCustomer("tess", "Tess");
    const sub = await subscriptionOf(suite.admin, CUSTOMER.email);
    const prices = await api<{ usagePriceMap: Record<string, { id: string; unitAmount: number } | null> }>(suite.admin, "GET", `/api/admin/stripe-prices?subscriptionId=${sub.id}`);
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
  }, 300_000);
});

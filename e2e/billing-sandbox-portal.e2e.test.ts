import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEMO_ADMIN, expectNoAxeViolations, screenshot, signIn, signUp, uniqueUser } from "./browser";
import { journeyBrowser } from "./suite";

/**
 * The sandbox's own customer portal (/sandbox/portal, opened by "Portal
 * Dashboard"): card on file, replacing the card, cancel at period end.
 * Moves the sandbox clock 15 days (other journeys only rely on relative moves).
 */
describe("sandbox customer portal", () => {
  const baseUrl = inject("baseUrl");
  const suite = journeyBrowser();

  /** A new customer of this journey, signed in on its own page. */
  async function newCustomerPage(): Promise<Page> {
    const { page } = await suite.newPage();
    await signUp(page, uniqueUser("portal", "Pat", "Portal"));
    return page;
  }

  it("shows the card, replaces it, and cancels at period end", async () => {
    const page = await newCustomerPage();

    // A subscription through the API the subscribe page uses, confirmed with the sandbox card.
    const created = await page.request.post("/api/create-subscription", { data: { planId: "large", billing: "monthly" }, headers: { origin: baseUrl } });
    expect(created.status()).toBe(200);
    const { clientSecret, setupIntentId } = (await created.json()) as { clientSecret: string; setupIntentId: string };
    const confirmed = await page.request.post("/api/sandbox/confirm-setup", {
      data: { clientSecret, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
      headers: { origin: baseUrl },
    });
    expect(((await confirmed.json()) as { setupIntent: { status: string } }).setupIntent.status).toBe("succeeded");
    // Card first (issue 23): the confirmed card starts the subscription, as the page does next.
    const completed = await page.request.post("/api/complete-subscription", {
      data: { setupIntentId, planId: "large", billing: "monthly", aiEmployeeId: null, trial: true },
      headers: { origin: baseUrl },
    });
    expect(completed.status()).toBe(200);

    const portal = await page.request.post("/api/create-portal-session", { data: {}, headers: { origin: baseUrl } });
    const { url } = (await portal.json()) as { url: string };
    expect(new URL(url).pathname).toBe("/sandbox/portal");
    await page.goto(url);

    // The first visit of the portal page on a busy machine can take more than the poll's default second.
    await expect.poll(() => page.getByRole("heading", { name: "Customer portal" }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText("Visa ending in 4242, expires 12/2040").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Large plan (monthly)").isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/Trial ends /).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("No invoices yet.").isVisible()).toBe(true);
    await screenshot(page, "sandbox-portal");
    await expectNoAxeViolations(page);

    // Replace the card: a declined card keeps the old one, then a new good card.
    await page.getByRole("button", { name: "Update card" }).click();
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM/YY)").fill("11/39");
    await page.getByLabel("CVC").fill("321");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect.poll(() => page.getByText("Your card was declined.").first().isVisible()).toBe(true);
    await page.waitForTimeout(500);
    await screenshot(page, "sandbox-portal-update-card-declined");
    // axe on the form itself (the shared toaster's error colours are checked elsewhere).
    await page.getByRole("button", { name: "Close toast" }).click();
    await expect.poll(() => page.locator("[data-sonner-toast]").count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByLabel("Card number").fill("5555 5555 5555 4444");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect.poll(() => page.getByText("Mastercard ending in 4444, expires 11/2039").isVisible(), { timeout: 15_000 }).toBe(true);

    // The sandbox clock moves past the trial end: the first invoice is paid with the new card.
    const { context: adminContext, page: admin } = await suite.newPage();
    await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin");
    const moved = await admin.request.post("/api/admin/sandbox-clock", { data: { days: 15 }, headers: { origin: baseUrl } });
    expect(moved.status()).toBe(200);
    await adminContext.close();

    await page.reload();
    await expect.poll(() => page.getByText(/^Renews /).isVisible()).toBe(true);
    expect(await page.getByText("active", { exact: true }).isVisible()).toBe(true);
    const invoiceLink = page.getByRole("link", { name: "Subscription: Large Plan (monthly)" });
    await expect.poll(() => invoiceLink.isVisible()).toBe(true);
    await screenshot(page, "sandbox-portal-active");
    await invoiceLink.click();
    await expect.poll(() => page.getByRole("heading", { name: "Invoice" }).isVisible()).toBe(true);
    expect(await page.getByRole("cell", { name: "1 × Large Plan (monthly)" }).isVisible()).toBe(true);
    expect(await page.getByRole("row", { name: /Amount paid/ }).textContent()).toContain("$699.00");
    await screenshot(page, "sandbox-invoice");
    await expectNoAxeViolations(page);

    await page.goto("/sandbox/portal");
    await page.getByRole("button", { name: "Cancel at period end: Large plan" }).click();
    await expect.poll(() => page.getByText(/^Cancels /).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: /at period end/ }).count()).toBe(0);
    await screenshot(page, "sandbox-portal-cancelling");

    // The billing API agrees.
    const subs = (await (await page.request.get("/api/user-subscriptions")).json()) as Array<{ cancelAtPeriodEnd: boolean; status: string }>;
    expect(subs).toEqual([expect.objectContaining({ status: "active", cancelAtPeriodEnd: true })]);
    const history = (await (await page.request.get("/api/billing-history")).json()) as Array<{ amount: number; status: string }>;
    expect(history).toEqual([expect.objectContaining({ amount: 69900, status: "paid" })]);
  });

  it("does not show other customers' invoices", async () => {
    const page = await newCustomerPage();
    const res = await page.goto("/sandbox/invoices/in_sbx_doesnotexist");
    expect(res?.status()).toBe(404);
  });
});

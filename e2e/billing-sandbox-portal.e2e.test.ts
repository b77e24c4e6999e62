import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launch, newContext, screenshot, signUp } from "./browser";

/**
 * The sandbox's own customer portal (/sandbox/portal, opened by "Portal
 * Dashboard"): card on file, replacing the card, cancel at period end.
 * Does not move the sandbox clock (other journeys share the server).
 */
describe("sandbox customer portal", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    const context = await newContext(browser, baseUrl);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the card, replaces it, and cancels at period end", async () => {
    const email = `portal-${randomUUID().slice(0, 8)}@example.com`;
    await signUp(page, { firstName: "Pat", lastName: "Portal", email, password: "portal-password-123" });

    // A subscription through the API the subscribe page uses, confirmed with the sandbox card.
    const created = await page.request.post("/api/create-subscription", { data: { planId: "large", billing: "monthly" }, headers: { origin: baseUrl } });
    expect(created.status()).toBe(200);
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const confirmed = await page.request.post("/api/sandbox/confirm-setup", {
      data: { clientSecret, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
      headers: { origin: baseUrl },
    });
    expect(((await confirmed.json()) as { setupIntent: { status: string } }).setupIntent.status).toBe("succeeded");

    const portal = await page.request.post("/api/create-portal-session", { data: {}, headers: { origin: baseUrl } });
    const { url } = (await portal.json()) as { url: string };
    expect(new URL(url).pathname).toBe("/sandbox/portal");
    await page.goto(url);

    await expect.poll(() => page.getByRole("heading", { name: "Customer portal" }).isVisible()).toBe(true);
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

    await page.getByRole("button", { name: "Cancel at period end: Large plan" }).click();
    await expect.poll(() => page.getByText(/^Cancels /).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: /at period end/ }).count()).toBe(0);
    await screenshot(page, "sandbox-portal-cancelling");

    // The billing API agrees.
    const subs = (await (await page.request.get("/api/user-subscriptions")).json()) as Array<{ cancelAtPeriodEnd: boolean; status: string }>;
    expect(subs).toEqual([expect.objectContaining({ status: "trialing", cancelAtPeriodEnd: true })]);
  });

  it("does not show other customers' invoices", async () => {
    const res = await page.goto("/sandbox/invoices/in_sbx_doesnotexist");
    expect(res?.status()).toBe(404);
  });
});

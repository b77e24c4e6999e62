import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { api, expectNoAxeViolations, fillCard, recordUsage, screenshot, signUp, toastText, uniqueUser, waitForLoginPage, PHONE, DESKTOP } from "./browser";
import { journeyBrowser } from "./suite";

// The demo admin acts in its own browser context (orders, sandbox clock, usage), on this file's customers only.
const suite = journeyBrowser({ admin: true });

/** The good test card on the checkout or subscribe page, submitted with `button`: back on /billing with `toast`, the query removed. */
async function payWithGoodCard(page: Page, button: string, toast: string): Promise<void> {
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL((u) => u.pathname === "/billing", { timeout: 30_000 });
  await expect.poll(() => toastText(page)).toContain(toast);
  await expect.poll(() => new URL(page.url()).search).toBe("");
}

describe("payments journeys (sandbox)", () => {
  it("a customer with a pending AI employee starts a free trial from /billing, is billed after the trial, and cancels", async () => {
    // A new customer of this journey, with an AI employee "Sophie" the admin prepared for them.
    const { context, page, user } = await suite.newCustomerWithEmployee({ employee: "Sophie", prefix: "sophie-owner", returnTo: "/billing" });

    // AI Employees tab: Sophie is pending.
    expect(await page.getByRole("heading", { name: "Billing & Account", level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText("Manage your AI employees, subscription, and billing").isVisible()).toBe(true);
    const sophie = page.getByRole("article", { name: "AI employee Sophie" });
    await expect.poll(() => sophie.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await sophie.getByText("Ready to Get Started?").isVisible()).toBe(true);
    expect(await sophie.getByText("Your AI Employee is trained and ready!").isVisible()).toBe(true);
    expect(await sophie.getByRole("link", { name: "Call Sophie" }).getAttribute("href")).toMatch(/^tel:/);
    expect(await sophie.getByRole("link", { name: /Chat with Sophie/ }).getAttribute("target")).toBe("_blank");
    await expectNoAxeViolations(page);

    // Empty Billing History before any invoice.
    await page.getByRole("tab", { name: "Billing History" }).click();
    await expect.poll(() => page.getByText("No invoices yet").isVisible()).toBe(true);
    await page.getByRole("tab", { name: "AI Employees" }).click();

    // The plan chooser.
    await sophie.getByRole("button", { name: "Start Free Trial" }).click();
    const chooser = page.getByTestId("plan-chooser");
    await expect.poll(() => chooser.isVisible()).toBe(true);
    expect(await chooser.getByRole("heading", { name: "Choose Your Subscription Plan" }).isVisible()).toBe(true);
    expect(await chooser.getByText("Start your 14-day free trial. You won't be charged until the trial ends.").isVisible()).toBe(true);
    expect(await chooser.getByText("Most Popular").isVisible()).toBe(true);
    expect(await chooser.getByText("+ 12 more features").count()).toBe(5);
    expect(await chooser.getByRole("button", { name: "Contact Sales" }).isVisible()).toBe(true);
    for (const text of ["Unit Calculation Chart", "Detailed Pricing Breakdown", "Free Trial Details"]) {
      expect(await chooser.getByRole("heading", { name: text }).isVisible()).toBe(true);
    }
    // Five columns on a large screen: all five cards share one row.
    const tops = await Promise.all(["small", "medium", "large", "corp", "enterprise"].map(async (id) => (await chooser.getByTestId(`plan-card-${id}`).boundingBox())!.y));
    expect(new Set(tops.map(Math.round)).size).toBe(1);
    expect(await chooser.getByTestId("plan-card-small").textContent()).toContain("$149/month");
    await chooser.getByRole("switch", { name: "Annual billing" }).click();
    await expect.poll(() => chooser.getByTestId("plan-card-small").textContent()).toContain("$134/month");
    await chooser.getByRole("switch", { name: "Annual billing" }).click();
    // At 1280 px the price table shows every column: its scroll region does not clip.
    const priceRegion = chooser.getByRole("region", { name: "Plan prices" });
    expect(await priceRegion.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await screenshot(page, "payments-billing-plan-chooser");
    await expectNoAxeViolations(page);
    // At 390 px the page is no wider than the screen: the wide table scrolls inside its region.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await chooser.getByText("Scroll sideways to see every column.").isVisible()).toBe(true);
    await screenshot(page, "payments-billing-plan-chooser-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    // X closes it; Start Free Trial opens it again.
    await chooser.getByRole("button", { name: "Close plan chooser" }).click();
    await expect.poll(() => chooser.count()).toBe(0);
    await sophie.getByRole("button", { name: "Start Free Trial" }).click();
    await page.getByTestId("plan-card-small").getByRole("button", { name: "Start Free Trial" }).click();

    // Checkout with the AI employee's id.
    await page.waitForURL(/\/checkout\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("plan")).toBe("small");
    expect(url.searchParams.get("billing")).toBe("monthly");
    expect(url.searchParams.get("aiEmployeeId")).toBeTruthy();
    await expect.poll(() => page.getByRole("heading", { name: "Complete Your Subscription" }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText("Start your 14-day free trial for the Small plan").isVisible()).toBe(true);
    expect(await page.getByTestId("checkout-summary").textContent()).toContain("$149.00 per month");
    expect(await page.getByTestId("included-with-plan").textContent()).toContain("120 included, then $1.98 per unit");
    await expect.poll(() => page.getByLabel("Card number").isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, "payments-checkout");
    await expectNoAxeViolations(page);

    // A declined card: the provider's message, and the customer stays on checkout.
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Payment Setup Failed");
    expect(await toastText(page)).toContain("Your card was declined.");
    // The reason also stays beside the card form, after the toast is gone.
    expect(await page.getByTestId("card-form-error").textContent()).toContain("Your card was declined.");
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await screenshot(page, "payments-checkout-declined");

    // The good card: trial started, back on /billing with the parameter removed.
    await payWithGoodCard(page, "Start Free Trial", "Trial Started!");

    const item = page.getByTestId("subscription-item").first();
    await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await item.getByTestId("subscription-status").textContent()).toBe("Free Trial");
    expect(await item.getByTestId("trial-banner").textContent()).toContain("Free Trial Active");
    expect(await item.getByTestId("trial-banner").textContent()).toContain("14 days remaining");
    expect(await item.textContent()).toContain("$149.00 per month");
    expect(await item.getByRole("button", { name: "Cancel Subscription" }).count()).toBe(0);
    expect(await item.getByRole("button", { name: "Manage Subscription" }).isVisible()).toBe(true);
    await screenshot(page, "payments-billing-trial");
    await expectNoAxeViolations(page);

    // 'Manage Subscription' opens the provider's portal in a new tab.
    const [portalTab] = await Promise.all([context.waitForEvent("page"), item.getByRole("button", { name: "Manage Subscription" }).click()]);
    await portalTab.waitForURL((u) => u.href !== "about:blank", { timeout: 15_000 });
    expect(new URL(portalTab.url()).pathname).toMatch(/portal/);
    await portalTab.close();

    // Sophie is now claimed.
    await page.getByRole("tab", { name: "AI Employees" }).click();
    await expect.poll(() => sophie.textContent()).toContain("✓ Subscription Started");
    expect(await sophie.textContent()).toMatch(/14 days left/);
    expect(await sophie.textContent()).toMatch(/Next: \$149\.00 on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(await sophie.getByRole("button", { name: "Portal Dashboard" }).isVisible()).toBe(true);
    await screenshot(page, "payments-billing-claimed");

    // The dashboard of a trialing customer (usage bars from recorded usage).
    await recordUsage(suite.admin, user.email, 30, 60);
    await page.goto("/dashboard");
    await expect.poll(() => page.getByRole("heading", { name: "Usage This Month" }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId("dashboard-status").textContent()).toBe("Free Trial");
    expect(await page.getByTestId("usage-phone").textContent()).toBe("30 / 120 (25%)");
    expect(await page.getByTestId("usage-text").textContent()).toBe("30 / 120 (25%)");
    expect(await page.getByRole("progressbar", { name: "Phone units used this month" }).getAttribute("aria-valuenow")).toBe("25");
    await expect.poll(() => page.getByTestId("recent-activity").textContent()).toContain("30 phone sessions recorded");
    expect(await page.getByTestId("recent-activity").textContent()).toContain("Free trial started on the Small plan");
    expect(await page.getByText("Sample data").count()).toBe(0);
    // The four stat cards of a row are equally tall.
    const cardHeights = await page
      .getByRole("list", { name: "Summary" })
      .locator(":scope > li > *")
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    expect(cardHeights).toHaveLength(4);
    expect(new Set(cardHeights).size).toBe(1);
    await screenshot(page, "payments-dashboard-trial");
    await expectNoAxeViolations(page);

    // The sandbox clock moves past the trial end: the first invoice is paid, the status turns active.
    await api(suite.admin, "POST", "/api/admin/sandbox-clock", { days: 15 });
    await page.goto("/billing?tab=overview");
    await expect.poll(() => item.getByTestId("subscription-status").textContent(), { timeout: 15_000 }).toBe("Active");
    expect(await item.getByTestId("trial-banner").count()).toBe(0);
    expect(await item.getByTestId("next-billing").textContent()).toContain("$149.00");
    await page.getByRole("tab", { name: "Billing History" }).click();
    const invoices = page.getByTestId("invoice-table");
    await expect.poll(() => invoices.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await invoices.textContent()).toContain("$149.00");
    expect(await invoices.textContent()).toContain("Paid");
    expect(await invoices.getByRole("link").first().getAttribute("href")).toBeTruthy();
    await screenshot(page, "payments-billing-history");
    await expectNoAxeViolations(page);
    // Each invoice has a PDF (the sandbox draws it; issue 23).
    const pdfHref = await invoices
      .getByRole("link", { name: /as PDF/ })
      .first()
      .getAttribute("href");
    const pdf = await context.request.get(pdfHref!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // At 390 px every invoice field is on screen: no table wider than the page (it was 456 px).
    await page.setViewportSize(PHONE);
    const cards = page.getByTestId("invoice-cards");
    await expect.poll(() => cards.isVisible()).toBe(true);
    expect(await cards.textContent()).toContain("Paid");
    expect(await cards.getByRole("link", { name: /as PDF/ }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "payments-billing-history-390");
    await expectNoAxeViolations(page);
    await page.setViewportSize(DESKTOP);

    // Cancel at period end: the cancelling banner with the end date; no Cancel button any more.
    await page.getByRole("tab", { name: "Subscription" }).click();
    await item.getByRole("button", { name: "Cancel Subscription" }).click();
    // The confirmation dialog (issue 23) states the end date; confirm it.
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel subscription", exact: true }).click();
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Subscription Cancelled");
    expect(await toastText(page)).toContain("Your subscription will be cancelled at the end of the current billing period.");
    const banner = item.getByTestId("cancelling-banner");
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await banner.textContent()).toContain("Subscription Cancelling");
    expect(await banner.textContent()).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(await item.getByRole("button", { name: "Cancel Subscription" }).count()).toBe(0);
    expect(await item.getByTestId("next-billing").count()).toBe(0);
    await screenshot(page, "payments-billing-cancelling");
    await expectNoAxeViolations(page);

    // The AI employee card says when it ends; the dashboard shows the active plan.
    await page.getByRole("tab", { name: "AI Employees" }).click();
    await expect.poll(() => sophie.textContent()).toMatch(/Ends on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await page.goto("/dashboard");
    await expect.poll(() => page.getByTestId("dashboard-status").textContent(), { timeout: 15_000 }).toBe("Active");
    expect(await page.getByRole("link", { name: "Manage Billing" }).getAttribute("href")).toBe("/billing");
    await context.close();
  }, 300_000);

  it("a freshly signed-up user subscribes through /subscribe?plan=medium&billing=annual", async () => {
    const { context, page } = await suite.newPage();
    await signUp(page, uniqueUser("annual", "Avery", "Annual"));

    // No subscription yet: the dashboard invites to choose a plan.
    await expect.poll(() => page.getByRole("heading", { name: "Welcome, Avery!" }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole("heading", { name: "Get Started with Your AI Employee" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Choose Your Plan" }).getAttribute("href")).toBe("/pricing");
    await expectNoAxeViolations(page);

    await page.goto("/subscribe?plan=medium&billing=annual");
    await expect.poll(() => page.getByRole("heading", { name: "Subscribe to Medium Plan" }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText("Start your 14-day free trial today").isVisible()).toBe(true);
    const summary = page.getByTestId("subscribe-summary");
    expect(await summary.textContent()).toContain("$4,380.00 per year");
    expect(await summary.textContent()).toContain("Save 10% with annual billing");
    for (const bullet of ["14-day free trial included", "Cancel anytime during trial", "Full access to all plan features"]) {
      expect(await summary.getByText(bullet).isVisible()).toBe(true);
    }
    expect(await page.getByRole("link", { name: "Back to Plans" }).getAttribute("href")).toBe("/pricing");
    await expect.poll(() => page.getByLabel("Card number").isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, "payments-subscribe-annual");
    await expectNoAxeViolations(page);

    await payWithGoodCard(page, "Start 14-Day Free Trial", "Subscription Created Successfully!");
    const item = page.getByTestId("subscription-item").first();
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain("Medium Plan");
    expect(await item.textContent()).toContain("$4,380.00 per year");
    expect(await item.getByTestId("subscription-status").textContent()).toBe("Free Trial");
    await expectNoAxeViolations(page);

    // The trialing customer's dashboard on a phone-sized screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    await expect.poll(() => page.getByTestId("dashboard-status").textContent(), { timeout: 15_000 }).toBe("Free Trial");
    expect(await page.getByTestId("usage-phone").textContent()).toBe("0 / 400 (0%)");
    await expect.poll(() => page.getByTestId("recent-activity").textContent()).toContain("Free trial started on the Medium plan");
    await screenshot(page, "payments-dashboard-390");
    await expectNoAxeViolations(page);
    await page.goto("/billing");
    await expect.poll(() => page.getByRole("heading", { name: "Billing & Account" }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // No AI employee prepared for this account.
    await page.getByRole("tab", { name: "AI Employees" }).click();
    await expect.poll(() => page.getByText("No AI employees available").isVisible()).toBe(true);
    expect(await page.getByText("When an AI employee is prepared for your account, it will appear here.").isVisible()).toBe(true);
    await context.close();
  });

  it("reports checkout problems: an unknown plan cannot be loaded", async () => {
    const { context, page } = await suite.newPage();
    await signUp(page, uniqueUser("plan", "Pat", "Plan"));
    await page.goto("/checkout?plan=nope");
    await expect.poll(() => page.getByText("Unable to load subscription details.").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Pricing" }).getAttribute("href")).toBe("/pricing");
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("sends a customer whose session ended while on /billing to the login page with the billing toast", async () => {
    const { context, page } = await suite.newPage();
    await signUp(page, uniqueUser("session", "Sam", "Session"), "/billing");
    await expect.poll(() => page.getByText("No AI employees available").isVisible(), { timeout: 15_000 }).toBe(true);
    await context.clearCookies();
    // Billing History is fetched when first opened: it now answers 401.
    await page.getByRole("tab", { name: "Billing History" }).click();
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Authentication Required");
    expect(await toastText(page)).toContain("Please log in to access billing information");
    await waitForLoginPage(page);
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/billing");
    await context.close();
  });
});

import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, api, checkBothWidths, dismissToasts, expectNoAxeViolations, fillCard, screenshot, startTrialFromBilling, toastText } from "./browser";
import { journeyBrowser } from "./suite";

/**
 * The ended and past-due states in the browser (issue 10), on the sandbox
 * provider, which follows Stripe's lifecycle:
 * - past due: a trial started with 4000 0000 0000 0341 (saved, but its
 *   charges are declined) is past due after its trial end; /billing shows the
 *   banner and the 'Past Due' badge, the dashboard says so too; a good card
 *   saved in the portal recovers it;
 * - ended: a subscription cancelled at period end has ended after it; the
 *   AI employee says 'Subscription ended' and nothing offers to cancel it.
 * Each test makes its own customer. The sandbox clock moves only by relative
 * amounts, as other journeys rely on.
 */

const suite = journeyBrowser({ admin: true });

async function moveClock(days: number): Promise<void> {
  await api(suite.admin, "POST", "/api/admin/sandbox-clock", { days });
}

describe("ended and past-due subscriptions (sandbox)", () => {
  it("a declined trial-end charge shows past due on /billing and the dashboard; a new card in the portal recovers it", async () => {
    const { context, page } = await suite.newCustomerWithEmployee({ employee: "Parker", prefix: "past-due", returnTo: "/billing" });
    await expectNoAxeViolations(page);

    // The trial starts with the card that is saved but whose charges fail; the card form lists it among the test cards.
    await startTrialFromBilling(page, "Parker", "Pat Pastdue", {
      cardNumber: "4000 0000 0000 0341",
      onCheckout: async (checkout) => {
        await checkout.getByText("Other test cards").click();
        await expect.poll(() => checkout.getByText("is saved, but its charges are declined").isVisible()).toBe(true);
        await screenshot(checkout, "past-due-checkout-test-cards");
        await expectNoAxeViolations(checkout);
      },
    });
    await dismissToasts(page);

    // The trial ends: the invoice is declined.
    await moveClock(15);
    await page.goto("/billing?tab=overview");
    const banner = page.getByTestId("past-due-banner");
    const item = page.getByTestId("subscription-item").first();
    await checkBothWidths(page, "past-due-billing", async () => {
      await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => item.getByTestId("subscription-status").textContent(), { timeout: 15_000 }).toBe("Past Due");
    });
    // On a phone the message keeps a readable width: the button wraps below it instead of squeezing it.
    await page.setViewportSize(PHONE);
    const messageWidth = (await banner.getByText("The last payment for").boundingBox())?.width ?? 0;
    expect(messageWidth, "past-due banner message width at 390 px").toBeGreaterThanOrEqual(240);
    await page.setViewportSize(DESKTOP);
    expect(await banner.textContent()).toContain("Payment Past Due");
    expect(await banner.textContent()).toContain("The last payment for the Small plan failed.");
    expect(await page.getByRole("alert").filter({ hasText: "Payment Past Due" }).count()).toBe(1);
    // Cancel is offered only while active (spec 4); the trial banner is gone.
    expect(await item.getByRole("button", { name: "Cancel Subscription" }).count()).toBe(0);
    expect(await item.getByTestId("trial-banner").count()).toBe(0);

    // The open invoice, with its hosted page.
    await page.getByRole("tab", { name: "Billing History" }).click();
    const invoices = page.getByTestId("invoice-table");
    await expect.poll(() => invoices.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await invoices.textContent()).toContain("$149.00");
    expect(await invoices.getByRole("cell", { name: "Open", exact: true }).count()).toBe(1);
    const invoiceHref = await invoices.getByRole("link").first().getAttribute("href");
    expect(invoiceHref).toMatch(/\/sandbox\/invoices\/in_sbx_/);
    await screenshot(page, "past-due-billing-history");
    await expectNoAxeViolations(page);
    // Its hosted page says why it is open and where to pay it.
    const hosted = await context.newPage();
    await hosted.goto(invoiceHref!);
    await expect.poll(() => hosted.getByTestId("invoice-payment-failed").textContent(), { timeout: 15_000 }).toContain("Payment failed: Your card was declined.");
    expect(await hosted.getByRole("row", { name: /Amount paid/ }).textContent()).toContain("$0.00");
    await screenshot(hosted, "past-due-invoice");
    await expectNoAxeViolations(hosted);
    await hosted.close();

    // The dashboard says the payment failed.
    await page.goto("/dashboard");
    await checkBothWidths(page, "past-due-dashboard", async () => {
      await expect.poll(() => page.getByTestId("dashboard-status").textContent(), { timeout: 15_000 }).toBe("Past Due");
      await expect.poll(() => page.getByText("Your last payment failed.", { exact: false }).isVisible()).toBe(true);
    });

    // 'Update payment method' opens the portal in a new tab; the good card is saved there.
    await page.goto("/billing");
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
    const [portal] = await Promise.all([context.waitForEvent("page"), banner.getByRole("button", { name: "Update payment method" }).click()]);
    await portal.waitForURL((u) => u.pathname === "/sandbox/portal", { timeout: 15_000 });
    await expect.poll(() => portal.getByRole("heading", { name: "Customer portal" }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => portal.getByText("Visa ending in 0341", { exact: false }).isVisible()).toBe(true);
    expect(await portal.getByText("past_due", { exact: true }).isVisible()).toBe(true);
    expect(await portal.getByText("Payment failed: saving a new card pays the open invoice.").isVisible()).toBe(true);
    await screenshot(portal, "past-due-portal");
    await expectNoAxeViolations(portal);
    await portal.getByRole("button", { name: "Update card" }).click();
    await fillCard(portal, "4242 4242 4242 4242", "Pat Pastdue");
    await portal.getByRole("button", { name: "Save card" }).click();
    await expect.poll(() => portal.getByText("Visa ending in 4242", { exact: false }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => toastText(portal)).toContain("Card updated");
    await portal.reload();
    await expect.poll(() => portal.getByText("active", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await portal.getByText("past_due", { exact: true }).count()).toBe(0);
    await screenshot(portal, "past-due-portal-recovered");
    await expectNoAxeViolations(portal);
    await portal.close();

    // Back on /billing: no banner, active, the invoice paid.
    await page.bringToFront();
    await page.goto("/billing?tab=overview");
    await expect.poll(() => item.getByTestId("subscription-status").textContent(), { timeout: 15_000 }).toBe("Active");
    expect(await banner.count()).toBe(0);
    await screenshot(page, "past-due-recovered-billing");
    await expectNoAxeViolations(page);
    await page.getByRole("tab", { name: "Billing History" }).click();
    await expect.poll(() => invoices.getByRole("cell", { name: "Paid", exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await invoices.getByRole("cell", { name: "Open", exact: true }).count()).toBe(0);
    await page.goto("/dashboard");
    await expect.poll(() => page.getByTestId("dashboard-status").textContent(), { timeout: 15_000 }).toBe("Active");
    expect(await page.getByText("Your last payment failed.", { exact: false }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  }, 300_000);

  it("a subscription cancelled at period end has ended after it: 'Subscription ended', nothing to cancel", async () => {
    const { context, page } = await suite.newCustomerWithEmployee({ employee: "Emery", prefix: "ended", returnTo: "/billing" });
    await startTrialFromBilling(page, "Emery", "Eli Ended");
    await dismissToasts(page);

    // Past the trial end it is active; the billing page's Cancel Subscription schedules the end.
    await moveClock(15);
    await page.goto("/billing?tab=overview");
    const item = page.getByTestId("subscription-item").first();
    await expect.poll(() => item.getByTestId("subscription-status").textContent(), { timeout: 15_000 }).toBe("Active");
    await item.getByRole("button", { name: "Cancel Subscription" }).click();
    // The confirmation dialog (issue 23) states the end date; confirm it.
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel subscription", exact: true }).click();
    await expect.poll(() => item.getByTestId("cancelling-banner").isVisible(), { timeout: 15_000 }).toBe(true);
    await dismissToasts(page);

    // The period ends.
    await moveClock(32);
    await page.goto("/billing?tab=ai-ready");
    const card = page.getByRole("article", { name: "AI employee Emery" });
    await checkBothWidths(page, "ended-billing-ai-employee", async () => {
      await expect.poll(() => card.getByTestId("ai-employee-ended").isVisible(), { timeout: 15_000 }).toBe(true);
    });
    expect(await card.getByTestId("ai-employee-ended").textContent()).toBe("Subscription ended");
    expect(await card.textContent()).not.toContain("Active Subscription");
    expect(await card.textContent()).not.toMatch(/Ends on /);
    // Subscribed again, it is charged at once: the customer's one free trial is used (ADR 0105).
    expect(await card.getByRole("button", { name: "Subscribe" }).isVisible()).toBe(true);
    expect(await card.getByRole("button", { name: "Start Free Trial" }).count()).toBe(0);
    expect(await page.getByTestId("past-due-banner").count()).toBe(0);

    await page.getByRole("tab", { name: "Subscription" }).click();
    await checkBothWidths(page, "ended-billing-subscription", async () => {
      await expect.poll(() => item.getByTestId("subscription-status").textContent(), { timeout: 15_000 }).toBe("Cancelled");
    });
    expect(await item.getByRole("button", { name: "Cancel Subscription" }).count()).toBe(0);
    expect(await item.getByTestId("cancelling-banner").count()).toBe(0);
    expect(await item.getByTestId("next-billing").count()).toBe(0);
    await context.close();
  }, 300_000);
});

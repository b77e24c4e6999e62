import { describe, expect, it } from "vitest";
import { api, expectNoAxeViolations, subscriptionOf, toastText } from "./browser";
import { journeyBrowser } from "./suite";

const suite = journeyBrowser({ admin: true });

/**
 * Issue 10, item 10: a card confirmation that needed a redirect comes back
 * to the checkout with `setup_intent` and `redirect_status` (as Stripe sends
 * the customer back to `return_url`), and the checkout completes with that
 * setup intent instead of asking for the card again (ADR 0089).
 */
describe("the checkout after a payment redirect", () => {
  it("completes the trial with the returned setup intent and claims the AI employee", async () => {
    const { context, page, user, orderId } = await suite.newCustomerWithEmployee({ employee: "Rhea", prefix: "redirect-return" });
    // The card form's confirmation, done where the provider would do it before redirecting back.
    const si = await api<{ clientSecret: string; setupIntentId: string }>(context, "POST", "/api/create-setup-intent", {});
    await api(context, "POST", "/api/sandbox/confirm-setup", { clientSecret: si.clientSecret, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Casey Customer" });

    const query = new URLSearchParams({
      plan: "small",
      billing: "monthly",
      aiEmployeeId: orderId,
      setup_intent: si.setupIntentId,
      setup_intent_client_secret: si.clientSecret,
      redirect_status: "succeeded",
    });
    await page.goto(`/checkout?${query}`);
    await page.waitForURL((u) => u.pathname === "/billing", { timeout: 30_000 });
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Trial Started!");
    const sub = await subscriptionOf(suite.admin, user.email);
    expect(sub).toMatchObject({ status: "trialing", plan: { id: "small" }, aiReadyOrder: { aiEmployeeName: "Rhea" } });
    // /billing opens on the Subscription tab after a trial starts; the AI employee is on the first tab.
    await expect.poll(() => page.getByText("Free Trial Active").isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole("tab", { name: "AI Employees" }).click();
    const rhea = page.getByRole("article", { name: "AI employee Rhea" });
    await expect.poll(() => rhea.textContent(), { timeout: 15_000 }).toContain("Subscription Started");
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("a failed redirect does not complete anything: the checkout asks for the card again", async () => {
    const { context, page, orderId } = await suite.newCustomerWithEmployee({ employee: "Ines", prefix: "redirect-failed" });
    const query = new URLSearchParams({ plan: "small", billing: "monthly", aiEmployeeId: orderId, setup_intent: "seti_unknown", redirect_status: "failed" });
    await page.goto(`/checkout?${query}`);
    await expect.poll(() => page.getByLabel("Card number").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await context.close();
  });
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { FREE_TRIAL_USED } from "@/features/billing/free-trial";
import { PlanChooser } from "./billing/plan-chooser";
import { CheckoutSummary, CheckoutTerms } from "./checkout/checkout-summary";
import { SubscribeSummary, subscribePaymentTerms } from "./subscribe/subscribe-summary";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined }) }));

/** The text a customer reads: the markup without its tags. */
const text = (element: Parameters<typeof renderToStaticMarkup>[0]) =>
  renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

const SMALL_API_PLAN = { id: "small", name: "Small", monthlyPrice: 14_900, annualPrice: 160_800, phoneSessionLimit: 120, textSessionLimit: 120 };

/** /checkout's terms and summary of the Small monthly plan, with or without the free trial. */
const checkoutText = (trial: boolean) =>
  text(createElement("div", null, createElement(CheckoutTerms, { planName: "Small", trial }), createElement(CheckoutSummary, { planId: "small", plan: SMALL_API_PLAN, billing: "monthly", trial })));

/**
 * Issue 21 (ADR 0105): once a customer's one free trial is used, /subscribe,
 * /checkout and the plan chooser on /billing say that the subscription starts
 * today and is charged now, before the card is asked for, and offer no trial.
 */
describe("the pages say whether the free trial is still there before they ask for the card", () => {
  it("/subscribe: the 14-day trial, or charged today", () => {
    const trial = text(createElement(SubscribeSummary, { planId: "small", name: "Small", price: 14_900, billing: "monthly", trial: true }));
    expect(trial).toContain("Start your 14-day free trial today");
    expect(trial).toContain("14-Day Free Trial");
    expect(trial).not.toContain(FREE_TRIAL_USED);
    expect(subscribePaymentTerms(true, 14_900, "monthly").submitLabel).toBe("Start 14-Day Free Trial");

    const paid = text(createElement(SubscribeSummary, { planId: "small", name: "Small", price: 14_900, billing: "monthly", trial: false }));
    expect(paid).toContain(FREE_TRIAL_USED);
    expect(paid).toContain("$149.00 charged today, then every month");
    expect(paid).not.toMatch(/free trial included|14-Day Free Trial|Cancel anytime during trial/i);
    expect(subscribePaymentTerms(false, 14_900, "monthly")).toEqual({
      note: `${FREE_TRIAL_USED} $149.00 charged today, then every month.`,
      submitLabel: "Subscribe and Pay $149.00",
    });
  });

  it("/checkout: 'Price after trial' and the trial's details, or charged today and the billing details", () => {
    const trial = checkoutText(true);
    expect(trial).toContain("Start your 14-day free trial for the Small plan");
    expect(trial).toContain("Price after trial");
    expect(trial).toContain("No charges until the trial ends");

    const paid = checkoutText(false);
    expect(paid).toContain(FREE_TRIAL_USED);
    expect(paid).toContain("Charged today");
    expect(paid).toContain("$149.00 charged today, then every month");
    expect(paid).not.toMatch(/Price after trial|No charges until the trial ends|14 days free|14-Day Free Trial/);
  });

  it("the plan chooser on /billing: Start Free Trial on every card, or Subscribe and the trial's end said first", () => {
    const trial = text(createElement(PlanChooser, { aiEmployeeId: null, onClose: () => undefined, freeTrial: true }));
    expect(trial).toContain("Start your 14-day free trial. You won't be charged until the trial ends.");
    expect(trial.match(/Start Free Trial/g)).toHaveLength(4);
    expect(trial).toContain("Free Trial Details");

    const paid = text(createElement(PlanChooser, { aiEmployeeId: null, onClose: () => undefined, freeTrial: false }));
    expect(paid).toContain(FREE_TRIAL_USED);
    expect(paid).not.toMatch(/Start Free Trial|14-Day Free Trial|Free Trial Details|You won't be charged until the trial ends/);
    expect(paid.match(/ Subscribe /g)).toHaveLength(4);
    expect(paid).toContain("Contact Sales");
  });
});

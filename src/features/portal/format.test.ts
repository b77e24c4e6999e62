import { describe, expect, it } from "vitest";
import { subscriptionView } from "./testing/subscription-fixture";
import { canCancel, daysUntil, includedWithPlan, INCLUDED_DEFAULTS, parseBilling, providerStatusLabel, subscriptionPrice, usagePercent } from "./format";
import { isCancelling, statusBadge } from "@/features/billing/subscription-state";
import { parseTab, returnNotice } from "./billing/return-notice";
import { planChooserHref } from "./billing/plan-chooser";

const sub = subscriptionView;

describe("billing display rules", () => {
  it("shows the annual price per year and the monthly price per month, in dollars", () => {
    expect(subscriptionPrice(sub())).toBe("$420.00 per month");
    expect(subscriptionPrice(sub({ billing: "annual" }))).toBe("$4,380.00 per year");
  });

  it("offers Cancel only to an active subscription that is not already cancelling", () => {
    expect(canCancel(sub())).toBe(true);
    expect(canCancel(sub({ status: "trialing" }))).toBe(false);
    expect(canCancel(sub({ cancelAtPeriodEnd: true }))).toBe(false);
    expect(canCancel(sub({}, { stripeCancelAtPeriodEnd: true }))).toBe(false);
    expect(isCancelling(sub({}, { stripeCancelAtPeriodEnd: true }))).toBe(true);
  });

  it("labels badges as the spec says and shows the provider status only when it differs", () => {
    expect(statusBadge("trialing")).toEqual({ label: "Free Trial", variant: "blue" });
    expect(statusBadge("active").variant).toBe("green");
    expect(statusBadge("past_due").variant).toBe("yellow");
    expect(statusBadge("incomplete").variant).toBe("red");
    expect(providerStatusLabel(sub())).toBeNull();
    expect(providerStatusLabel(sub({ status: "cancelled" }, { stripeStatus: "canceled" }))).toBeNull();
    expect(providerStatusLabel(sub({}, { stripeStatus: "past_due" }))).toBe("past_due");
    expect(providerStatusLabel(sub({}, { stripeStatus: null }))).toBe("Unknown");
  });

  it("computes usage percent as used / limit x 100, dividing by 1 without a limit", () => {
    expect(usagePercent(30, 120)).toBe(25);
    expect(usagePercent(0, 400)).toBe(0);
    expect(usagePercent(500, 400)).toBe(100);
    expect(usagePercent(0.5, 0)).toBe(50);
  });

  it("reads billing from the query with monthly as the default", () => {
    expect(parseBilling("annual")).toBe("annual");
    expect(parseBilling(undefined)).toBe("monthly");
    expect(parseBilling("yearly")).toBe("monthly");
  });

  it("lists what a plan includes from the API, then the catalogue, then the spec's small-plan defaults", () => {
    expect(includedWithPlan("medium", "monthly", { phoneSessionLimit: 400, textSessionLimit: 800 })).toEqual({
      phoneUnits: 400,
      phoneExtraCents: 170,
      textUnits: 800,
      textExtraCents: 85,
    });
    expect(includedWithPlan("small", "annual").phoneExtraCents).toBe(165);
    expect(includedWithPlan("small", "annual").textExtraCents).toBe(83);
    expect(includedWithPlan("nope", "monthly")).toEqual(INCLUDED_DEFAULTS);
  });

  it("counts trial days left, rounding up", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    expect(daysUntil("2026-05-15T12:00:00Z", now)).toBe(14);
    expect(daysUntil("2026-05-01T13:00:00Z", now)).toBe(1);
    expect(daysUntil("2026-04-30T00:00:00Z", now)).toBe(0);
  });
});

describe("billing page navigation", () => {
  it("maps the return parameters of the flows to their notices", () => {
    expect(returnNotice(new URLSearchParams("trial=started"))).toBe("trial");
    expect(returnNotice(new URLSearchParams("success=true"))).toBe("created");
    expect(returnNotice(new URLSearchParams("subscription=success"))).toBe("created");
    expect(returnNotice(new URLSearchParams("subscription=paid"))).toBe("paid");
    expect(returnNotice(new URLSearchParams("tab=billing"))).toBeNull();
    expect(parseTab("billing")).toBe("billing");
    expect(parseTab("nope")).toBeNull();
  });

  it("sends plan cards to checkout with the pending AI employee, enterprise to the demo page", () => {
    expect(planChooserHref("medium", "annual", "ord_1")).toBe("/checkout?plan=medium&billing=annual&aiEmployeeId=ord_1");
    expect(planChooserHref("small", "monthly", null)).toBe("/checkout?plan=small&billing=monthly");
    expect(planChooserHref("enterprise", "monthly", "ord_1")).toBe("/hire-ai-employee");
  });
});

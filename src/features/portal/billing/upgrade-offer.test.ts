import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { findPlan } from "@/features/plans/catalogue";
import { UpgradeOffer, projectedBill, projectedUnits, type UpgradeOfferSubscription } from "./upgrade-offer";

const text = (sub: UpgradeOfferSubscription, canManageBilling = true, now = new Date("2026-11-16T00:00:00Z")) =>
  renderToStaticMarkup(createElement(UpgradeOffer, { sub, canManageBilling, now }))
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

const month = { monthStart: "2026-11-01T00:00:00Z", monthEnd: "2026-12-01T00:00:00Z", included: 120 };
const small = (used: number): UpgradeOfferSubscription => ({ plan: { id: "small", name: "Small" }, billing: "monthly", status: "active", usage: { phoneUsed: used, textUsed: 0 }, units: month });

describe("the dashboard's Upgrade plan offer (issue 23)", () => {
  it("projects the month at this pace and bills the units over the included ones", () => {
    expect(projectedUnits(100, new Date(month.monthStart), new Date(month.monthEnd), new Date("2026-11-16T00:00:00Z"))).toBe(200);
    // Small: $149 + 80 extra units at $1.98; Medium: $420, 200 of 400 units.
    expect(projectedBill(findPlan("small")!, "monthly", 200)).toBe(14_900 + 80 * 198);
    expect(projectedBill(findPlan("medium")!, "monthly", 200)).toBe(42_000);
  });

  it("is offered past 80% of the included units, with the projected bill on both plans", () => {
    expect(text(small(96))).toBe("");
    const shown = text(small(100));
    expect(shown).toContain("You have used 83% of this month's 120 units");
    expect(shown).toContain("Small (your plan): $307.40");
    expect(shown).toContain("Medium (400 units): $420.00");
    expect(shown).toContain("Upgrade plan");
    // A member who does not manage billing sees the projection, not the button.
    expect(text(small(100), false)).not.toContain("Upgrade plan");
    // Nothing above the largest self-serve plan, and nothing while cancelling.
    expect(text({ ...small(1500), plan: { id: "corp", name: "Corp" }, units: { ...month, included: 1600 } })).toBe("");
    expect(text({ ...small(100), cancelAtPeriodEnd: true })).toBe("");
  });
});

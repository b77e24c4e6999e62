import { describe, expect, it } from "vitest";
import { findPlan } from "@/features/plans/catalogue";
import { recordedMilli } from "@/features/plans/units";
import { priceUsage, projectUsage } from "./pricing";
import { usageAnchor, usageMonth } from "./usage-month";

const d = (s: string) => new Date(s);
const small = findPlan("small")!; // 120 units, $1.98 monthly / $1.65 annual
const enterprise = findPlan("enterprise")!;
const price = (usedMilli: number, over: Partial<Parameters<typeof priceUsage>[0]> = {}) =>
  priceUsage({ usedMilli, plan: small, billing: "monthly", trialEnd: null, monthStart: d("2026-05-01T00:00:00Z"), ...over });

describe("priceUsage: the allowance and the extra units", () => {
  it("nothing extra up to the allowance, thousandths beyond it priced and rounded to a cent once", () => {
    expect(price(120_000)).toEqual({ includedMilli: 120_000, extraMilli: 0, costCents: 0, billable: true });
    expect(price(120_001)).toEqual({ includedMilli: 120_000, extraMilli: 1, costCents: 0, billable: true });
    // 0.15 extra × 198 = 29.7 cents -> 30.
    expect(price(120_150)).toEqual({ includedMilli: 120_000, extraMilli: 150, costCents: 30, billable: true });
    expect(price(130_500).costCents).toBe(Math.round(10.5 * 198));
  });

  it("an annual plan keeps the monthly allowance and uses the annual extra-unit price", () => {
    expect(price(130_000, { billing: "annual" })).toEqual({ includedMilli: 120_000, extraMilli: 10_000, costCents: 10 * 165, billable: true });
  });

  it("Enterprise, or an unknown plan, has no limit: nothing extra whatever the usage", () => {
    expect(price(5_000_000, { plan: enterprise })).toEqual({ includedMilli: null, extraMilli: 0, costCents: 0, billable: true });
    expect(price(5_000_000, { plan: undefined })).toEqual({ includedMilli: null, extraMilli: 0, costCents: 0, billable: true });
  });

  it("usage recorded by an admin is priced like the AI employee's: 1 unit a phone session, half a text session", () => {
    const admin = recordedMilli({ phone: 4, text: 3 });
    expect(admin).toEqual({ phone: 4000, text: 1500 });
    // 118 units of calls plus 4 phone and 3 text sessions: 123.5 units, 3.5 extra.
    expect(price(118_000 + admin.phone + admin.text)).toEqual({ includedMilli: 120_000, extraMilli: 3500, costCents: Math.round(3.5 * 198), billable: true });
  });
});

describe("priceUsage: the free trial", () => {
  const trialEnd = d("2026-05-15T10:00:00Z");
  const anchor = usageAnchor({ trialEnd, createdAt: d("2026-05-01T10:00:00Z") });

  it("the trial's month (the month before the anchor) is never billed: extra units shown, cost 0", () => {
    const trialMonth = usageMonth(anchor, d("2026-05-05T00:00:00Z"));
    expect(trialMonth.end).toEqual(trialEnd);
    expect(price(150_000, { trialEnd, monthStart: trialMonth.start })).toEqual({ includedMilli: 120_000, extraMilli: 30_000, costCents: 0, billable: false });
  });

  it("the first month after it is billed from its first moment", () => {
    const first = usageMonth(anchor, trialEnd);
    expect(first.start).toEqual(trialEnd);
    expect(price(150_000, { trialEnd, monthStart: first.start })).toEqual({ includedMilli: 120_000, extraMilli: 30_000, costCents: 30 * 198, billable: true });
    // One millisecond earlier is still the trial.
    expect(price(150_000, { trialEnd, monthStart: new Date(trialEnd.getTime() - 1) }).billable).toBe(false);
  });

  it("an annual plan's trial is not billed either, and its later months are", () => {
    expect(price(150_000, { billing: "annual", trialEnd, monthStart: d("2026-04-15T10:00:00Z") }).costCents).toBe(0);
    expect(price(150_000, { billing: "annual", trialEnd, monthStart: d("2026-09-15T10:00:00Z") }).costCents).toBe(30 * 165);
  });
});

describe("priceUsage on months of anchor days 29 to 31", () => {
  it.each([
    ["2026-01-29T08:00:00Z", "2026-02-28T08:00:00.000Z", "2026-03-29T08:00:00.000Z"],
    ["2026-01-30T08:00:00Z", "2026-02-28T08:00:00.000Z", "2026-03-30T08:00:00.000Z"],
    ["2026-01-31T08:00:00Z", "2026-02-28T08:00:00.000Z", "2026-03-31T08:00:00.000Z"],
  ])("anchor %s: February's month runs %s to %s and is priced on its own allowance", (anchorIso, start, end) => {
    const anchor = d(anchorIso);
    const feb = usageMonth(anchor, d("2026-03-01T00:00:00Z"));
    expect([feb.start.toISOString(), feb.end.toISOString()]).toEqual([start, end]);
    // A trial ending on the anchor day: the month before is the trial, February's is billed.
    expect(price(121_000, { trialEnd: anchor, monthStart: feb.start })).toEqual({ includedMilli: 120_000, extraMilli: 1000, costCents: 198, billable: true });
    expect(price(121_000, { trialEnd: anchor, monthStart: usageMonth(anchor, d("2026-01-15T00:00:00Z")).start }).billable).toBe(false);
  });
});

describe("projectUsage", () => {
  const monthStart = d("2026-02-28T08:00:00Z");
  const monthEnd = d("2026-03-31T08:00:00Z"); // 31 days
  const at = (days: number) => new Date(monthStart.getTime() + days * 86_400_000);

  it("projects in a straight line to the month's end", () => {
    expect(projectUsage({ usedMilli: 40_000, monthStart, monthEnd, now: at(10) })).toBe(124_000);
    expect(projectUsage({ usedMilli: 60_000, monthStart, monthEnd, now: at(15.5) })).toBe(120_000);
  });

  it("is what was used before the month, at its start, and once it is over", () => {
    expect(projectUsage({ usedMilli: 5000, monthStart, monthEnd, now: monthStart })).toBe(5000);
    expect(projectUsage({ usedMilli: 5000, monthStart, monthEnd, now: at(-3) })).toBe(5000);
    expect(projectUsage({ usedMilli: 90_000, monthStart, monthEnd, now: at(40) })).toBe(90_000);
  });

  it("priced by priceUsage: 'about 140 of 120 units, about $39.60 extra' on Small", () => {
    const projected = projectUsage({ usedMilli: 70_000, monthStart, monthEnd, now: at(15.5) });
    expect(projected).toBe(140_000);
    expect(priceUsage({ usedMilli: projected, plan: small, billing: "monthly", trialEnd: null, monthStart })).toEqual({ includedMilli: 120_000, extraMilli: 20_000, costCents: 3960, billable: true });
  });
});

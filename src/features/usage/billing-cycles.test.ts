import { describe, expect, it } from "vitest";
import { deriveBillingCycles, currentPeriod, monthOfPeriod } from "./billing-cycles";

const d = (s: string) => new Date(s);

/** A mirrored subscription created at `createdAt`, with its trial and its current period (ISO start and end) where given. */
function mirror(status: string, billing: "monthly" | "annual", createdAt: string, trial: [string, string] | null, period: [string, string] | null) {
  return {
    status,
    billing,
    createdAt: d(createdAt),
    trialStart: trial && d(trial[0]),
    trialEnd: trial && d(trial[1]),
    currentPeriodStart: period && d(period[0]),
    currentPeriodEnd: period && d(period[1]),
  };
}

describe("billing cycles derived from the mirror", () => {
  it("a trialing subscription has no paid cycles, only its trial window when asked", () => {
    const sub = mirror("trialing", "monthly", "2026-11-01T10:00:00Z", ["2026-11-01T10:00:00Z", "2026-11-15T10:00:00Z"], ["2026-11-01T10:00:00Z", "2026-11-15T10:00:00Z"]);
    expect(deriveBillingCycles(sub)).toEqual([]);
    const withTrial = deriveBillingCycles(sub, { includeTrial: true });
    expect(withTrial).toHaveLength(1);
    expect(withTrial[0]).toMatchObject({ isCurrent: true, periodStart: sub.trialStart, periodEnd: sub.trialEnd });
    expect(withTrial[0]!.label).toBe("Trial: Nov 1, 2026 – Nov 15, 2026 (current)");
  });

  it("an active monthly subscription lists the current cycle then earlier ones back to the trial end, newest first", () => {
    const sub = mirror("active", "monthly", "2026-08-01T10:00:00Z", ["2026-08-01T10:00:00Z", "2026-08-15T10:00:00Z"], ["2026-11-15T10:00:00Z", "2026-12-15T10:00:00Z"]);
    const cycles = deriveBillingCycles(sub);
    expect(cycles.map((c) => [c.periodStart.toISOString().slice(0, 10), c.periodEnd.toISOString().slice(0, 10), c.isCurrent])).toEqual([
      ["2026-11-15", "2026-12-15", true],
      ["2026-10-15", "2026-11-15", false],
      ["2026-09-15", "2026-10-15", false],
      ["2026-08-15", "2026-09-15", false],
    ]);
    expect(new Set(cycles.map((c) => c.id)).size).toBe(4);
    expect(cycles[0]!.label).toBe("Nov 15, 2026 – Dec 15, 2026 (current)");
  });

  it("annual billing steps back a year; a partial first period is kept", () => {
    const sub = mirror("active", "annual", "2025-03-10T00:00:00Z", null, ["2026-06-01T00:00:00Z", "2027-06-01T00:00:00Z"]);
    const cycles = deriveBillingCycles(sub);
    expect(cycles.map((c) => c.periodStart.toISOString().slice(0, 10))).toEqual(["2026-06-01", "2025-06-01", "2025-03-10"]);
    expect(cycles[2]!.periodEnd.toISOString().slice(0, 10)).toBe("2025-06-01");
  });

  it("without mirrored period fields a trialing subscription uses its trial window", () => {
    const sub = mirror("trialing", "monthly", "2026-11-01T00:00:00Z", ["2026-11-01T00:00:00Z", "2026-11-15T00:00:00Z"], null);
    expect(currentPeriod(sub)).toEqual({ start: sub.trialStart, end: sub.trialEnd });
    expect(deriveBillingCycles({ ...sub, status: "cancelled", trialStart: null, trialEnd: null })).toEqual([]);
  });
});

describe("the month of a period ('Usage This Month', spec 9: units reset monthly)", () => {
  const annual = { start: d("2026-01-31T12:00:00Z"), end: d("2027-01-31T12:00:00Z") };

  it("is the monthly slice of an annual period containing now, anchored on the start day", () => {
    expect(monthOfPeriod(annual, d("2026-02-10T00:00:00Z"))).toEqual({ start: d("2026-01-31T12:00:00Z"), end: d("2026-02-28T12:00:00Z") });
    expect(monthOfPeriod(annual, d("2026-02-28T12:00:00Z"))).toEqual({ start: d("2026-02-28T12:00:00Z"), end: d("2026-03-31T12:00:00Z") });
    expect(monthOfPeriod(annual, d("2026-04-15T00:00:00Z"))).toEqual({ start: d("2026-03-31T12:00:00Z"), end: d("2026-04-30T12:00:00Z") });
    expect(monthOfPeriod(annual, d("2027-01-20T00:00:00Z"))).toEqual({ start: d("2026-12-31T12:00:00Z"), end: annual.end });
  });

  it("is the whole period of a monthly plan, and the last month of a period the mirror has not rolled over yet", () => {
    const monthly = { start: d("2026-11-05T00:00:00Z"), end: d("2026-12-05T00:00:00Z") };
    expect(monthOfPeriod(monthly, d("2026-11-23T00:00:00Z"))).toEqual(monthly);
    expect(monthOfPeriod(monthly, d("2026-12-07T00:00:00Z"))).toEqual(monthly);
    expect(monthOfPeriod(annual, d("2027-03-01T00:00:00Z"))).toEqual({ start: d("2026-12-31T12:00:00Z"), end: annual.end });
  });
});

import { describe, expect, it } from "vitest";
import { closestToAllowance, unitsByPlan, type MonthUsage } from "./allowance";

const start = new Date("2026-11-10T00:00:00Z");
const end = new Date("2026-12-10T00:00:00Z");
function usage(id: string, planId: string, usedMilli: number, extra: Partial<MonthUsage> = {}): MonthUsage {
  return { subscriptionId: id, accountId: `acc-${id}`, accountName: `Account ${id}`, planId, billing: "monthly", trialEnd: null, monthStart: start, monthEnd: end, usedMilli, ...extra };
}

describe("units by plan and the closest to their allowance", () => {
  const usages = [
    usage("s1", "small", 150_000), // 125 %: 30 extra at $1.98
    usage("s2", "small", 60_000), // 50 %
    usage("s3", "medium", 400_000), // 100 %
    usage("s4", "enterprise", 5_000_000), // unlimited
    usage("s5", "small", 240_000, { trialEnd: new Date("2026-12-01T00:00:00Z") }), // 200 %, in trial: nothing billed
    usage("s6", "small", 130_000, { billing: "annual" }), // 10 extra at $1.65
  ];

  it("sums each plan's units, allowance and priced extra units (a trial month bills nothing)", () => {
    const rows = unitsByPlan(usages);
    expect(rows.find((r) => r.planId === "small")).toEqual({
      planId: "small",
      plan: "Small",
      subscriptions: 4,
      usedMilli: 580_000,
      includedMilli: 480_000,
      extraMilli: 40_000,
      extraCostCents: 30 * 198 + 10 * 165,
    });
    expect(rows.find((r) => r.planId === "enterprise")).toMatchObject({ subscriptions: 1, usedMilli: 5_000_000, includedMilli: null, extraMilli: 0 });
    expect(rows.find((r) => r.planId === "large")).toMatchObject({ subscriptions: 0, usedMilli: 0 });
    expect(rows.map((r) => r.planId)).toEqual(["small", "medium", "large", "corp", "enterprise"]);
  });

  it("ranks by share of the allowance, leaves out unlimited plans and keeps the limit", () => {
    const rows = closestToAllowance(usages);
    expect(rows.map((r) => [r.subscriptionId, r.share])).toEqual([
      ["s5", 2],
      ["s1", 1.25],
      ["s6", 130 / 120],
      ["s3", 1],
      ["s2", 0.5],
    ]);
    expect(rows[0]).toMatchObject({ billable: false, extraCostCents: 0 });
    expect(rows[1]).toMatchObject({ extraMilli: 30_000, extraCostCents: 30 * 198 });
    expect(closestToAllowance(usages, 2)).toHaveLength(2);
  });
});

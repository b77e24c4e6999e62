import { describe, expect, it } from "vitest";
import { PLANS, PURCHASABLE_PLANS, findPlan, formatCents, formatDollars, periodPrice, priceRange } from "./catalogue";

describe("plan catalogue invariants", () => {
  it("has the five plans of the spec in order", () => {
    expect(PLANS.map((p) => p.id)).toEqual(["small", "medium", "large", "corp", "enterprise"]);
  });

  it("prices match spec 9 (monthly / annual per month, units, extra unit prices)", () => {
    const rows = PURCHASABLE_PLANS.map((p) => [p.id, p.monthlyPrice, p.annualPrice, p.units, p.extraUnitPrice]);
    expect(rows).toEqual([
      ["small", 14900, 13400, 120, { monthly: 198, annual: 165 }],
      ["medium", 42000, 36500, 400, { monthly: 170, annual: 150 }],
      ["large", 69900, 62900, 800, { monthly: 140, annual: 125 }],
      ["corp", 109900, 98900, 1600, { monthly: 112, annual: 100 }],
    ]);
  });

  it("annual price per month is never above the monthly price, and money is integer cents", () => {
    for (const p of PURCHASABLE_PLANS) {
      expect(p.annualPrice!).toBeLessThanOrEqual(p.monthlyPrice!);
      expect(p.extraUnitPrice!.annual).toBeLessThanOrEqual(p.extraUnitPrice!.monthly);
      for (const cents of [p.monthlyPrice!, p.annualPrice!, p.extraUnitPrice!.monthly, p.extraUnitPrice!.annual]) {
        expect(Number.isInteger(cents)).toBe(true);
      }
    }
  });

  it("every plan lists exactly 15 distinct features", () => {
    for (const p of PLANS) {
      expect(p.features, p.id).toHaveLength(15);
      expect(new Set(p.features).size, p.id).toBe(15);
    }
  });

  it("enterprise is 'Custom': no price, unlimited units", () => {
    const e = findPlan("enterprise")!;
    expect(e.monthlyPrice).toBeNull();
    expect(e.annualPrice).toBeNull();
    expect(e.units).toBeNull();
    expect(PURCHASABLE_PLANS.map((p) => p.id)).not.toContain("enterprise");
  });

  it("exactly one plan is flagged popular", () => {
    expect(PLANS.filter((p) => p.popular)).toHaveLength(1);
  });

  it("corp and corporate name the same plan, case-insensitively; unknown ids find nothing", () => {
    expect(findPlan("corp")?.id).toBe("corp");
    expect(findPlan("corporate")?.id).toBe("corp");
    expect(findPlan(" Corporate ")?.id).toBe("corp");
    expect(findPlan("platinum")).toBeUndefined();
    expect(findPlan("")).toBeUndefined();
    expect(findPlan(null)).toBeUndefined();
  });

  it("derives the structured-data price range and period prices", () => {
    expect(priceRange()).toBe("$149-$1099");
    expect(periodPrice(findPlan("small")!, "monthly")).toBe(14900);
    expect(periodPrice(findPlan("small")!, "annual")).toBe(13400 * 12);
    expect(periodPrice(findPlan("enterprise")!, "annual")).toBeNull();
    expect(formatCents(14900)).toBe("$149.00");
    expect(formatCents(165)).toBe("$1.65");
    expect(formatDollars(109900)).toBe("$1,099");
  });
});

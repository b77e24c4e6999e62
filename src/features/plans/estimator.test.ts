import { describe, expect, it } from "vitest";
import { estimate, monthlyMilliUnits, perCallText, recommendationText } from "./estimator";

describe("monthly units of a usage profile", () => {
  it("adds call units and chat units", () => {
    // 100 two-minute calls = 100 units; 40 short chats = 20 units.
    expect(monthlyMilliUnits({ callsPerMonth: 100, avgCallMinutes: 2, chatsPerMonth: 40 })).toBe(120000);
  });

  it("uses the 3-minute steps for longer calls and the 15-turn blocks for chats", () => {
    // 10 calls of 4 minutes = 20 units; 10 chats of 20 turns = 10 units.
    expect(monthlyMilliUnits({ callsPerMonth: 10, avgCallMinutes: 4, chatsPerMonth: 10, avgChatTurns: 20 })).toBe(30000);
  });

  it("rejects negative or fractional counts", () => {
    expect(() => monthlyMilliUnits({ callsPerMonth: -1, avgCallMinutes: 2, chatsPerMonth: 0 })).toThrow(RangeError);
    expect(() => monthlyMilliUnits({ callsPerMonth: 1.5, avgCallMinutes: 2, chatsPerMonth: 0 })).toThrow(RangeError);
    expect(() => monthlyMilliUnits({ callsPerMonth: 1, avgCallMinutes: -2, chatsPerMonth: 0 })).toThrow(RangeError);
  });
});

describe("plan recommendation", () => {
  it("recommends Small when usage fits in 120 units", () => {
    const e = estimate({ callsPerMonth: 100, avgCallMinutes: 2, chatsPerMonth: 40 });
    expect(e.units).toBe(120);
    expect(e.recommended.plan.id).toBe("small");
    expect(e.recommended.total).toBe(14900);
    expect(e.recommended.overageUnits).toBe(0);
  });

  it("adds overage at the plan's extra-unit price as billing does: thousandths, rounded to a cent once", () => {
    // 121 units + 0.5 = 121.5 units -> 1.5 extra units on Small at $1.98 = $2.97 (billing never rounds units up).
    const e = estimate({ callsPerMonth: 121, avgCallMinutes: 1, chatsPerMonth: 1 });
    const small = e.plans.find((p) => p.plan.id === "small")!;
    expect(small.overageUnits).toBe(1.5);
    expect(small.overagePrice).toBe(297);
    expect(small.total).toBe(14900 + 297);
  });

  it("switches to Medium once Small's overage costs more than the step up", () => {
    // Small: 149 + (u-120)*1.98 > 420 when u > 256.9; 260 units -> Medium.
    const e = estimate({ callsPerMonth: 260, avgCallMinutes: 2, chatsPerMonth: 0 });
    expect(e.recommended.plan.id).toBe("medium");
    expect(e.recommended.total).toBe(42000);
    const below = estimate({ callsPerMonth: 250, avgCallMinutes: 2, chatsPerMonth: 0 });
    expect(below.recommended.plan.id).toBe("small");
    expect(below.recommended.total).toBe(14900 + 130 * 198);
  });

  it("uses annual prices and annual extra-unit prices when billed annually", () => {
    const e = estimate({ callsPerMonth: 130, avgCallMinutes: 1, chatsPerMonth: 0, billing: "annual" });
    const small = e.plans.find((p) => p.plan.id === "small")!;
    expect(small.basePrice).toBe(13400);
    expect(small.overagePrice).toBe(10 * 165);
  });

  it("recommends Corp for very high volume and suggests Enterprise beyond twice its allowance", () => {
    const e = estimate({ callsPerMonth: 4000, avgCallMinutes: 2, chatsPerMonth: 0 });
    expect(e.recommended.plan.id).toBe("corp");
    expect(e.suggestEnterprise).toBe(true);
    expect(estimate({ callsPerMonth: 1500, avgCallMinutes: 2, chatsPerMonth: 0 }).suggestEnterprise).toBe(false);
  });

  it("never recommends Enterprise (it has no online price)", () => {
    const e = estimate({ callsPerMonth: 0, avgCallMinutes: 0, chatsPerMonth: 0 });
    expect(e.plans.map((p) => p.plan.id)).not.toContain("enterprise");
    expect(e.recommended.plan.id).toBe("small");
  });
});

describe("estimator wording", () => {
  it("groups large numbers: 4,500 answered calls of 2 minutes on Corp are 2,900 extra units", () => {
    const e = estimate({ callsPerMonth: 4500, avgCallMinutes: 2, chatsPerMonth: 0 });
    const corp = e.plans.find((p) => p.plan.id === "corp")!;
    expect(corp.overageUnits).toBe(2900);
    expect(recommendationText(corp)).toBe("$4,347.00 a month billed monthly (plan $1,099.00 + 2,900 extra units $3,248.00)");
  });

  it("says what one call of the average length costs, as the unit chart does", () => {
    expect(perCallText(15)).toBe("A 15-minute call is 5 units");
    expect(perCallText(2.5)).toBe("A 2.5-minute call is 1 unit");
  });
});

import { describe, expect, it } from "vitest";
import { trialConversion } from "./trial-conversion";

describe("trial-to-paid conversion", () => {
  it("counts each month's trials by outcome; the rate leaves out those still in trial", () => {
    const rows = trialConversion(
      ["2026-09", "2026-10", "2026-11"],
      [
        { month: "2026-09", converted: true, trialing: false, count: 3 },
        { month: "2026-09", converted: false, trialing: false, count: 1 },
        { month: "2026-10", converted: true, trialing: false, count: 1 },
        { month: "2026-10", converted: false, trialing: true, count: 2 },
        { month: "2026-10", converted: false, trialing: false, count: 1 },
        { month: "2026-11", converted: false, trialing: true, count: 4 },
        { month: "2026-06", converted: true, trialing: false, count: 9 },
      ],
    );
    expect(rows).toEqual([
      { month: "2026-09", started: 4, converted: 3, stillInTrial: 0, notConverted: 1, rate: 0.75 },
      { month: "2026-10", started: 4, converted: 1, stillInTrial: 2, notConverted: 1, rate: 0.5 },
      { month: "2026-11", started: 4, converted: 0, stillInTrial: 4, notConverted: 0, rate: null },
    ]);
  });

  it("a trial converted while its status still says trialing counts as converted", () => {
    const [row] = trialConversion(["2026-10"], [{ month: "2026-10", converted: true, trialing: true, count: 1 }]);
    expect(row).toMatchObject({ converted: 1, stillInTrial: 0, rate: 1 });
  });
});

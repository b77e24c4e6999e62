import { describe, expect, it } from "vitest";
import { recoveredPayments } from "./payments";

describe("recovered payments by month of the failure", () => {
  const months = ["2026-09", "2026-10", "2026-11"];

  it("gives every month, with the share of its recorded failures that were paid since", () => {
    const failed = [
      { month: "2026-09", count: 3, recorded: 2, cents: 50_000 },
      { month: "2026-11", count: 4, recorded: 4, cents: 60_000 },
    ];
    const recovered = [
      { month: "2026-09", count: 1, cents: 14_900 },
      { month: "2026-11", count: 3, cents: 44_700 },
    ];
    expect(recoveredPayments(months, failed, recovered)).toEqual([
      // 3 failures, of which 1 counted the earlier way (never known as recovered): 1 of the 2 recorded.
      { month: "2026-09", count: 1, cents: 14_900, rate: 0.5 },
      { month: "2026-10", count: 0, cents: 0, rate: null },
      { month: "2026-11", count: 3, cents: 44_700, rate: 0.75 },
    ]);
  });

  it("leaves the share unknown for a month whose failures all predate the record", () => {
    expect(recoveredPayments(["2026-09"], [{ month: "2026-09", count: 2, recorded: 0, cents: 29_800 }], [])).toEqual([{ month: "2026-09", count: 0, cents: 0, rate: null }]);
  });
});

import { describe, expect, it } from "vitest";
import { addDays, localToday, resolvePeriod } from "./period";

describe("the insights period", () => {
  it("defaults to the 30 days ending today, the period before of the same length", () => {
    expect(resolvePeriod({}, "2026-11-27")).toEqual({ from: "2026-10-29", to: "2026-11-27", days: 30, previous: { from: "2026-09-29", to: "2026-10-28" } });
  });
  it("takes 120 days, refuses 121, an impossible date and a reversed range with a message", () => {
    expect(resolvePeriod({ from: "2026-01-01", to: addDays("2026-01-01", 119) }, "2026-11-27")).toMatchObject({ days: 120 });
    expect(resolvePeriod({ from: "2026-01-01", to: addDays("2026-01-01", 120) }, "2026-11-27")).toEqual({ problem: "The period can be at most 120 days (2026-01-01 to 2026-05-01 is 121 days)" });
    expect(resolvePeriod({ from: "2026-02-29" }, "2026-11-27")).toEqual({ problem: "from: 2026-02-29 is not a date" });
    expect(resolvePeriod({ from: "2026-11-20", to: "2026-11-19" }, "2026-11-27")).toEqual({ problem: "from (2026-11-20) must be on or before to (2026-11-19)" });
  });
  it("today is the account's calendar day", () => {
    const at = new Date("2026-11-27T03:00:00Z");
    expect(localToday("UTC", at)).toBe("2026-11-27");
    expect(localToday("America/Los_Angeles", at)).toBe("2026-11-26");
    expect(localToday("Pacific/Auckland", new Date("2026-11-27T12:00:00Z"))).toBe("2026-11-28");
  });
});

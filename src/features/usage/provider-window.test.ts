import { describe, expect, it } from "vitest";
import { cycleRefusalReason, meterEventWindowProblem, usageRecordTime } from "./provider-window";

const DAY = 86_400_000;
const now = new Date("2026-11-23T12:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe("the provider's meter event window (past 35 days, 5 minutes ahead)", () => {
  it("accepts timestamps inside it and names the bound otherwise", () => {
    expect(meterEventWindowProblem(ago(34.9), now)).toBeNull();
    expect(meterEventWindowProblem(new Date(now.getTime() + 4 * 60_000), now)).toBeNull();
    expect(meterEventWindowProblem(ago(35.01), now)).toMatch(/35 days in the past/);
    expect(meterEventWindowProblem(new Date(now.getTime() + 6 * 60_000), now)).toMatch(/5 minutes in the future/);
  });

  it("dates a record at its creation clamped into its cycle", () => {
    const cycle = { periodStart: ago(40), periodEnd: ago(10) };
    expect(usageRecordTime({ createdAt: now, ...cycle })).toEqual(new Date(ago(10).getTime() - 1000));
    expect(usageRecordTime({ createdAt: ago(20), ...cycle })).toEqual(ago(20));
    expect(usageRecordTime({ createdAt: ago(50), ...cycle })).toEqual(ago(40));
  });

  it("refuses cycles that ended more than 34 days ago (a day is kept for the report's retries)", () => {
    expect(cycleRefusalReason({ periodStart: ago(5), periodEnd: ago(-25) }, now)).toBeNull();
    expect(cycleRefusalReason({ periodStart: ago(63), periodEnd: ago(33) }, now)).toBeNull();
    expect(cycleRefusalReason({ periodStart: ago(64.5), periodEnd: ago(34.5) }, now)).toMatch(/past 35 days/);
    expect(cycleRefusalReason({ periodStart: ago(365), periodEnd: ago(335) }, now)).toMatch(/ended on Dec 23, 2025/);
    expect(cycleRefusalReason({ periodStart: new Date(now.getTime() + DAY), periodEnd: ago(-30) }, now)).toMatch(/cannot be recorded yet/);
  });
});

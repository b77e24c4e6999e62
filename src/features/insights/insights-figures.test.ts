import { describe, expect, it } from "vitest";
import type { InsightsMonth } from "./insights.schema";
import { answeredInBusyHours, busyCells, changeVsPrevious, costOverDays, cumulativeUnits, projectionSentence, revenueEstimate } from "./insights-figures";

const month = (m: Partial<InsightsMonth>): InsightsMonth => ({
  start: "2026-11-01",
  end: "2026-12-01",
  includedUnits: 120,
  unitsUsed: 70,
  projectedUnits: 140,
  extraUnits: 20,
  extraCostCents: 5400,
  days: [],
  ...m,
});

describe("the projection sentence", () => {
  it("reads the issue's words when the month will pass its allowance, dollars for billing.read members", () => {
    expect(projectionSentence(month({}), true)).toBe("At this pace: about 140 of 120 units, about $54 extra");
    expect(projectionSentence(month({}), false)).toBe("At this pace: about 140 of 120 units");
  });
  it("rounds units and dollars to whole numbers and groups thousands", () => {
    expect(projectionSentence(month({ projectedUnits: 1234.6, includedUnits: 1000, extraCostCents: 12_349 }), true)).toBe("At this pace: about 1,235 of 1,000 units, about $123 extra");
  });
  it("is absent within the allowance, exactly at it, without a limit or a subscription", () => {
    expect(projectionSentence(month({ projectedUnits: 119.9 }), true)).toBeNull();
    expect(projectionSentence(month({ projectedUnits: 120 }), true)).toBeNull();
    expect(projectionSentence(month({ includedUnits: null }), true)).toBeNull();
    expect(projectionSentence(null, true)).toBeNull();
  });
  it("names no dollar figure when the extra units cost nothing (a trial month)", () => {
    expect(projectionSentence(month({ extraCostCents: 0 }), true)).toBe("At this pace: about 140 of 120 units");
  });
});

describe("the revenue estimate", () => {
  it.each([
    {
      // 12 after hours + 8 busy = 20 caught; 5 appointments; 15 others × 30% = 4.5; 9.5 jobs × $150.
      name: "counts each appointment as a job and the other calls caught at the booking rate",
      input: { answeredAfterHours: 12, answeredBusyHours: 8, appointments: 5, jobValueCents: 15_000, bookingRatePercent: 30 },
      expected: { callsCaught: 20, otherCalls: 15, estimatedJobs: 9.5, valueCents: 142_500 },
    },
    {
      name: "never counts negative calls when appointments outnumber the calls caught",
      input: { answeredAfterHours: 1, answeredBusyHours: 0, appointments: 4, jobValueCents: 10_000, bookingRatePercent: 50 },
      expected: { callsCaught: 1, otherCalls: 0, estimatedJobs: 4, valueCents: 40_000 },
    },
  ])("$name", ({ input, expected }) => {
    expect(revenueEstimate(input)).toEqual(expected);
  });
  it("follows both inputs: a zero booking rate leaves the appointments, a zero job value nothing", () => {
    expect(revenueEstimate({ answeredAfterHours: 10, answeredBusyHours: 10, appointments: 2, jobValueCents: 20_000, bookingRatePercent: 0 }).valueCents).toBe(40_000);
    expect(revenueEstimate({ answeredAfterHours: 10, answeredBusyHours: 10, appointments: 2, jobValueCents: 0, bookingRatePercent: 30 }).valueCents).toBe(0);
  });
});

describe("the busy hours", () => {
  const cell = (weekday: number, hour: number, count: number, answered = count) => ({ weekday, hour, count, answered });
  it("are the top quarter of the cells with any interaction, ties included", () => {
    const cells = [cell(1, 9, 10), cell(1, 10, 8), cell(2, 9, 8), cell(3, 14, 2), cell(4, 15, 1), cell(5, 16, 1), cell(6, 11, 1), cell(0, 12, 1), cell(0, 3, 0)];
    // 8 active cells → the first 2 set the threshold (8): 10, 8 and the tied 8.
    expect(busyCells(cells).map((c) => `${c.weekday}-${c.hour}`)).toEqual(["1-9", "1-10", "2-9"]);
  });
  it("are at least one cell, and none on an empty map", () => {
    expect(busyCells([cell(2, 8, 3)])).toEqual([cell(2, 8, 3)]);
    expect(busyCells([cell(2, 8, 0)])).toEqual([]);
    expect(busyCells([])).toEqual([]);
  });
  it("answered in busy hours: the busy cells' answered counts, not the quieter cells'", () => {
    // Busy (by count): 10, 8 and the tied 8, of which 7 + 2 + 8 were answered; the quiet cells' answers do not count.
    expect(answeredInBusyHours({ heatmap: [cell(1, 9, 10, 7), cell(1, 10, 8, 2), cell(2, 9, 8), cell(3, 14, 2), cell(4, 15, 1), cell(5, 16, 1), cell(6, 11, 1), cell(0, 12, 1)] })).toBe(17);
    expect(answeredInBusyHours({ heatmap: [] })).toBe(0);
  });
});

describe("change against the period before", () => {
  it("says up or down by how much, from what", () => {
    expect(changeVsPrevious(50, 40)).toEqual({ delta: 10, direction: "up", text: "up 25% from 40 the period before" });
    expect(changeVsPrevious(45, 50)).toEqual({ delta: -5, direction: "down", text: "down 10% from 50 the period before" });
    expect(changeVsPrevious(3, 3)).toEqual({ delta: 0, direction: "same", text: "same as the period before" });
    expect(changeVsPrevious(7, 0)).toEqual({ delta: 7, direction: "up", text: "up from 0 the period before" });
    expect(changeVsPrevious(0, 1200).text).toBe("down 100% from 1,200 the period before");
  });
});

describe("the month's units and the subscription's cost", () => {
  it("adds the days into a running total", () => {
    expect(
      cumulativeUnits([
        { date: "2026-11-01", units: 1.5 },
        { date: "2026-11-02", units: 0 },
        { date: "2026-11-03", units: 2.25 },
      ]),
    ).toEqual([
      { date: "2026-11-01", units: 1.5, toDate: 1.5 },
      { date: "2026-11-02", units: 0, toDate: 1.5 },
      { date: "2026-11-03", units: 2.25, toDate: 3.75 },
    ]);
  });
  it("prices a period at the monthly price, 12 months to 365 days", () => {
    expect(costOverDays(14_900, 365)).toBe(178_800);
    expect(costOverDays(14_900, 30)).toBe(14_696);
  });
});

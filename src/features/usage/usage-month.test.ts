import { describe, expect, it } from "vitest";
import { usageAnchor, usageMonth, usageMonthEnd } from "./usage-month";

const d = (s: string) => new Date(s);
const iso = (m: { start: Date; end: Date }) => [m.start.toISOString(), m.end.toISOString()];

describe("usage months from the anchor day", () => {
  const anchor = d("2026-03-15T10:00:00Z");
  it("a month runs from the anchor day to the same day next month", () => {
    expect(iso(usageMonth(anchor, d("2026-03-15T10:00:00Z")))).toEqual(["2026-03-15T10:00:00.000Z", "2026-04-15T10:00:00.000Z"]);
    expect(iso(usageMonth(anchor, d("2026-04-15T09:59:59Z")))).toEqual(["2026-03-15T10:00:00.000Z", "2026-04-15T10:00:00.000Z"]);
    expect(iso(usageMonth(anchor, d("2026-11-26T00:00:00Z")))).toEqual(["2026-11-15T10:00:00.000Z", "2026-12-15T10:00:00.000Z"]);
  });

  it("a time before the anchor (the trial) falls in the month before it", () => {
    expect(iso(usageMonth(anchor, d("2026-03-01T00:00:00Z")))).toEqual(["2026-02-15T10:00:00.000Z", "2026-03-15T10:00:00.000Z"]);
  });

  it("an anchor on the 31st does not drift through short months", () => {
    const end = d("2026-01-31T12:00:00Z");
    expect(iso(usageMonth(end, d("2026-03-01T00:00:00Z")))).toEqual(["2026-02-28T12:00:00.000Z", "2026-03-31T12:00:00.000Z"]);
    expect(iso(usageMonth(end, d("2026-04-05T00:00:00Z")))).toEqual(["2026-03-31T12:00:00.000Z", "2026-04-30T12:00:00.000Z"]);
  });

  it("annual plans reset monthly too: the anchor is the trial's end, else the start", () => {
    expect(usageAnchor({ trialEnd: d("2026-05-01T00:00:00Z"), createdAt: d("2026-04-17T00:00:00Z") })).toEqual(d("2026-05-01T00:00:00Z"));
    expect(usageAnchor({ trialEnd: null, createdAt: d("2026-04-17T00:00:00Z") })).toEqual(d("2026-04-17T00:00:00Z"));
  });

  it("a month's end is the next anchor day, not its start plus a month", () => {
    const sub = { trialEnd: null, createdAt: d("2026-01-31T12:00:00Z") };
    // The month that starts Feb 28 (the 31st anchor's short month) ends Mar 31, not Mar 28.
    expect(usageMonthEnd(sub, d("2026-02-28T12:00:00Z")).toISOString()).toBe("2026-03-31T12:00:00.000Z");
    expect(usageMonthEnd({ trialEnd: d("2026-03-15T10:00:00Z"), createdAt: d("2026-03-01T00:00:00Z") }, d("2026-02-15T10:00:00Z")).toISOString()).toBe("2026-03-15T10:00:00.000Z");
  });
});

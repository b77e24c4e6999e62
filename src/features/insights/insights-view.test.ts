import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_RATE_PERCENT, DEFAULT_JOB_VALUE_CENTS, addDays, daysBetween, insightsHref, insightsQueryOf, parseInsightsView, todayIn } from "./insights-view";

const opts = { today: "2026-11-27", aiEmployeeIds: ["emp-1", "emp-2"] };

describe("the period and filters from the address", () => {
  it("defaults to the last 30 days ending today, no filters, the stated defaults", () => {
    const v = parseInsightsView({}, opts);
    expect(v).toEqual({
      period: "30",
      from: "2026-10-29",
      to: "2026-11-27",
      aiEmployeeId: null,
      channel: null,
      jobValueCents: DEFAULT_JOB_VALUE_CENTS,
      bookingRatePercent: DEFAULT_BOOKING_RATE_PERCENT,
      error: null,
    });
    expect(daysBetween(v.from, v.to)).toBe(30);
  });
  it("reads 7 and 90 days, each ending today", () => {
    expect(parseInsightsView({ period: "7" }, opts)).toMatchObject({ period: "7", from: "2026-11-21", to: "2026-11-27" });
    expect(parseInsightsView({ period: "90" }, opts)).toMatchObject({ period: "90", from: "2026-08-30", to: "2026-11-27" });
  });
  it("reads a custom period, both days included", () => {
    expect(parseInsightsView({ period: "custom", from: "2026-10-01", to: "2026-10-15" }, opts)).toMatchObject({ period: "custom", from: "2026-10-01", to: "2026-10-15", error: null });
  });
  it("refuses a custom period that cannot be shown, with the reason, and shows the default", () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ period: "custom", from: "2026-10-01" }, "Choose both dates of the custom period."],
      [{ period: "custom", from: "2026-02-30", to: "2026-03-02" }, "Choose both dates of the custom period."],
      [{ period: "custom", from: "2026-10-15", to: "2026-10-01" }, "The custom period's start is after its end."],
      [{ period: "custom", from: "2026-11-20", to: "2026-11-28" }, "The custom period cannot end after today."],
      [{ period: "custom", from: "2026-01-01", to: "2026-11-01" }, "A custom period is at most 120 days."],
    ];
    for (const [params, error] of cases) expect(parseInsightsView(params, opts)).toMatchObject({ period: "30", from: "2026-10-29", to: "2026-11-27", error });
  });
  it("keeps only the account's own AI employees and known channels; an unknown period is the default", () => {
    expect(parseInsightsView({ aiEmployeeId: "emp-2", channel: "sms" }, opts)).toMatchObject({ aiEmployeeId: "emp-2", channel: "sms" });
    expect(parseInsightsView({ aiEmployeeId: "someone-else", channel: "fax", period: "365" }, opts)).toMatchObject({ aiEmployeeId: null, channel: null, period: "30" });
    expect(parseInsightsView({ aiEmployeeId: ["emp-1", "emp-2"] }, opts).aiEmployeeId).toBe("emp-1");
  });
  it("reads the owner's job value (dollars) and booking rate (percent), ignoring values out of range", () => {
    expect(parseInsightsView({ jobValue: "220.50", bookingRate: "45" }, opts)).toMatchObject({ jobValueCents: 22_050, bookingRatePercent: 45 });
    expect(parseInsightsView({ jobValue: "0", bookingRate: "0" }, opts)).toMatchObject({ jobValueCents: 0, bookingRatePercent: 0 });
    expect(parseInsightsView({ jobValue: "-5", bookingRate: "120" }, opts)).toMatchObject({ jobValueCents: DEFAULT_JOB_VALUE_CENTS, bookingRatePercent: DEFAULT_BOOKING_RATE_PERCENT });
    expect(parseInsightsView({ jobValue: "lots", bookingRate: "" }, opts)).toMatchObject({ jobValueCents: DEFAULT_JOB_VALUE_CENTS, bookingRatePercent: DEFAULT_BOOKING_RATE_PERCENT });
  });
  it("asks getInsights for the view's days and filters, and writes the view back as a short address", () => {
    const v = parseInsightsView({ period: "7", aiEmployeeId: "emp-1", channel: "phone" }, opts);
    expect(insightsQueryOf(v)).toEqual({ from: "2026-11-21", to: "2026-11-27", aiEmployeeId: "emp-1", channel: "phone" });
    expect(insightsQueryOf(parseInsightsView({}, opts))).toEqual({ from: "2026-10-29", to: "2026-11-27" });
    expect(insightsHref(v)).toBe("/insights?period=7&aiEmployeeId=emp-1&channel=phone");
    expect(insightsHref(parseInsightsView({}, opts))).toBe("/insights");
    const round = parseInsightsView(Object.fromEntries(new URL(insightsHref(v, { period: "custom", from: "2026-11-01", to: "2026-11-10", jobValueCents: 9_900 }), "http://x").searchParams), opts);
    expect(round).toMatchObject({ period: "custom", from: "2026-11-01", to: "2026-11-10", aiEmployeeId: "emp-1", jobValueCents: 9_900 });
  });
});

describe("calendar days", () => {
  it("today in the account's zone, and day arithmetic across months", () => {
    const now = new Date("2026-11-27T03:00:00Z");
    expect(todayIn("UTC", now)).toBe("2026-11-27");
    expect(todayIn("America/Chicago", now)).toBe("2026-11-26");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-11-01", "2026-11-01")).toBe(1);
  });
});

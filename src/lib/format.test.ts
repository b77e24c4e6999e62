import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, formatUnits } from "./format";

describe("formatDate", () => {
  const d = new Date("2026-11-23T00:05:09Z");
  it("formats in UTC by default", () => {
    expect(formatDate(d)).toBe("Nov 23, 2026");
    expect(formatDate("2026-11-23T23:59:59Z")).toBe("Nov 23, 2026");
    expect(formatDate(d, { style: "long" })).toBe("November 23, 2026");
    expect(formatDate(d, { style: "monthDay" })).toBe("Nov 23");
  });
  it("uses an explicit time zone when given", () => {
    expect(formatDate(d, { timeZone: "America/Los_Angeles" })).toBe("Nov 22, 2026");
  });
  it("shows the empty text for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined, { empty: "—" })).toBe("—");
    expect(formatDate("not a date", { empty: "—" })).toBe("—");
  });
});

describe("formatDateTime", () => {
  it("is 24-hour, UTC by default, seconds on request", () => {
    expect(formatDateTime("2026-11-23T14:05:09Z")).toBe("Nov 23, 2026 14:05");
    expect(formatDateTime("2026-11-23T00:05:09Z", { seconds: true })).toBe("Nov 23, 2026 00:05:09");
    expect(formatDateTime("2026-01-02T23:59:00Z", { timeZone: "America/New_York" })).toBe("Jan 2, 2026 18:59");
  });
});

describe("formatMoney", () => {
  it("formats cents with the currency", () => {
    expect(formatMoney(14900)).toBe("$149.00");
    expect(formatMoney(438000)).toBe("$4,380.00");
    expect(formatMoney(165)).toBe("$1.65");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(109900, "USD", { whole: true })).toBe("$1,099");
    expect(formatMoney(14900, "EUR")).toBe("€149.00");
  });
});

describe("formatUnits (the one unit formatter)", () => {
  it("groups thousands and keeps up to three decimals, without trailing zeros", () => {
    const units = [2900, 1234.5, 0.15, 0.02, 96.5, 120, 0];
    expect(units.map((n) => formatUnits(n))).toEqual(["2,900", "1,234.5", "0.15", "0.02", "96.5", "120", "0"]);
  });
  it("shows every thousandth a sum of units can carry", () => {
    expect(formatUnits(12345.678)).toBe("12,345.678");
    expect(formatUnits(1001 / 1000)).toBe("1.001");
  });
});

import { describe, expect, it } from "vitest";
import { addDays, startOfLocalDay, summaryWindow } from "./daily-summary-window";

const at = (iso: string) => new Date(iso);

/** The summary's window at `now` in `zone`, its instants as ISO strings, with its length in hours. */
function windowAt(now: string, zone: string) {
  const w = summaryWindow(at(now), zone);
  return { ...w, start: w.start.toISOString(), end: w.end.toISOString(), hours: (w.end.getTime() - w.start.getTime()) / 3_600_000 };
}

describe("the daily summary's window (ADR 0131)", () => {
  it("is due from 08:00 to 08:14 local time, not at 07:45 or 08:15", () => {
    expect(summaryWindow(at("2026-06-10T08:00:00Z"), "UTC").due).toBe(true);
    expect(summaryWindow(at("2026-06-10T08:14:59Z"), "UTC").due).toBe(true);
    expect(summaryWindow(at("2026-06-10T07:45:00Z"), "UTC").due).toBe(false);
    expect(summaryWindow(at("2026-06-10T08:15:00Z"), "UTC").due).toBe(false);
    expect(summaryWindow(at("2026-06-10T20:00:00Z"), "UTC").due).toBe(false);
  });

  it("follows New York's clock across the March change: 13:00Z before it, 12:00Z after it, and a 23-hour day", () => {
    expect(summaryWindow(at("2026-03-07T13:00:00Z"), "America/New_York").due).toBe(true);
    expect(summaryWindow(at("2026-03-07T12:00:00Z"), "America/New_York").due).toBe(false);
    expect(summaryWindow(at("2026-03-08T12:00:00Z"), "America/New_York").due).toBe(true);
    expect(summaryWindow(at("2026-03-08T13:00:00Z"), "America/New_York").due).toBe(false);
    expect(windowAt("2026-03-09T12:00:00Z", "America/New_York")).toMatchObject({
      due: true,
      day: "2026-03-08",
      zone: "America/New_York",
      start: "2026-03-08T05:00:00.000Z",
      end: "2026-03-09T04:00:00.000Z",
      hours: 23,
    });
  });

  it("follows it across the November change: 12:00Z before it, 13:00Z after it, and a 25-hour day", () => {
    expect(summaryWindow(at("2026-10-31T12:00:00Z"), "America/New_York").due).toBe(true);
    expect(summaryWindow(at("2026-11-01T13:00:00Z"), "America/New_York").due).toBe(true);
    expect(summaryWindow(at("2026-11-01T12:00:00Z"), "America/New_York").due).toBe(false);
    expect(windowAt("2026-11-02T13:00:00Z", "America/New_York")).toMatchObject({ day: "2026-11-01", start: "2026-11-01T04:00:00.000Z", end: "2026-11-02T05:00:00.000Z", hours: 25 });
  });

  it("handles half-hour zones: Kolkata's 08:00 is 02:30Z", () => {
    expect(summaryWindow(at("2026-03-10T02:30:00Z"), "Asia/Kolkata").due).toBe(true);
    expect(summaryWindow(at("2026-03-10T02:15:00Z"), "Asia/Kolkata").due).toBe(false);
    expect(summaryWindow(at("2026-03-10T02:45:00Z"), "Asia/Kolkata").due).toBe(false);
    expect(windowAt("2026-03-10T02:30:00Z", "Asia/Kolkata")).toMatchObject({ day: "2026-03-09", start: "2026-03-08T18:30:00.000Z", hours: 24 });
    // Nepal (+05:45) too: every zone's 08:00 falls on a quarter hour, where the cron runs.
    expect(summaryWindow(at("2026-03-10T02:15:00Z"), "Asia/Kathmandu").due).toBe(true);
  });

  it("starts a day whose midnight the clocks skip at the jump (Santiago, September 2026)", () => {
    // Chile moves from -04 to -03 at 24:00 on Saturday 5 September 2026: Sunday starts at 01:00 local.
    const start = startOfLocalDay("2026-09-06", "America/Santiago");
    expect(start.toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(startOfLocalDay("2026-09-07", "America/Santiago").getTime() - start.getTime()).toBe(23 * 3_600_000);
  });

  it("reads an unknown or missing zone as UTC, and crosses month and year ends", () => {
    expect(summaryWindow(at("2026-06-10T08:05:00Z"), "Mars/Olympus")).toMatchObject({ zone: "UTC", due: true, day: "2026-06-09" });
    expect(summaryWindow(at("2026-06-10T08:05:00Z"), null).zone).toBe("UTC");
    expect(summaryWindow(at("2027-01-01T08:00:00Z"), "UTC").day).toBe("2026-12-31");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });
});

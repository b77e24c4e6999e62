import { describe, expect, it } from "vitest";
import { localDate, nextWeekdayAt, zonedInstant } from "./preview-time";

const NEW_YORK = "America/New_York";

describe("a wall-clock time in the business's time zone as an instant", () => {
  it.each([
    // The zone's standard and daylight time.
    ["2026-01-17", "22:00", NEW_YORK, "2026-01-18T03:00:00.000Z"],
    ["2026-07-18", "22:00", NEW_YORK, "2026-07-19T02:00:00.000Z"],
    ["2026-07-18", "22:00", "Europe/Berlin", "2026-07-18T20:00:00.000Z"],
    ["2026-07-18", "09:30", "Asia/Kolkata", "2026-07-18T04:00:00.000Z"],
    ["2026-07-18", "00:00", "UTC", "2026-07-18T00:00:00.000Z"],
    // The days the clocks change. New York, 2026-03-08: 02:00 EST becomes 03:00 EDT. 02:30 does not exist: moved on by the gap.
    ["2026-03-08", "01:59", NEW_YORK, "2026-03-08T06:59:00.000Z"],
    ["2026-03-08", "02:30", NEW_YORK, "2026-03-08T07:30:00.000Z"],
    ["2026-03-08", "03:00", NEW_YORK, "2026-03-08T07:00:00.000Z"],
    ["2026-03-08", "22:00", NEW_YORK, "2026-03-09T02:00:00.000Z"],
    // 2026-11-01: 02:00 EDT becomes 01:00 EST. 01:30 happens twice: the first one.
    ["2026-11-01", "01:30", NEW_YORK, "2026-11-01T05:30:00.000Z"],
    ["2026-11-01", "22:00", NEW_YORK, "2026-11-02T03:00:00.000Z"],
    // Southern hemisphere: Sydney goes forward on 2026-10-04 at 02:00.
    ["2026-10-04", "02:15", "Australia/Sydney", "2026-10-03T16:15:00.000Z"],
    ["2026-10-03", "22:00", "Australia/Sydney", "2026-10-03T12:00:00.000Z"],
  ])("reads %s %s in %s as %s", (date, time, zone, instant) => expect(zonedInstant(date, time, zone).toISOString()).toBe(instant));

  it("refuses what is not a date and a time", () => {
    expect(() => zonedInstant("2026-1-1", "22:00", "UTC")).toThrow(/YYYY-MM-DD/);
    expect(() => zonedInstant("2026-01-01", "10pm", "UTC")).toThrow(/HH:MM/);
  });

  it("knows the local date", () => {
    expect(localDate(new Date("2026-07-19T02:00:00Z"), "America/New_York")).toBe("2026-07-18");
    expect(localDate(new Date("2026-07-19T02:00:00Z"), "Asia/Tokyo")).toBe("2026-07-19");
  });
});

describe("the next such weekday at a time", () => {
  // Wednesday 2026-03-04 15:00 in New York (20:00Z).
  const wednesday = new Date("2026-03-04T20:00:00Z");

  it("is the coming one, across the change to daylight time", () => {
    // Saturday 2026-03-07 is standard time; the Saturday after, daylight time.
    expect(nextWeekdayAt("sat", "22:00", "America/New_York", wednesday)).toEqual({ date: "2026-03-07", at: new Date("2026-03-08T03:00:00Z") });
    expect(nextWeekdayAt("sun", "22:00", "America/New_York", wednesday)).toEqual({ date: "2026-03-08", at: new Date("2026-03-09T02:00:00Z") });
    expect(nextWeekdayAt("mon", "09:00", "America/New_York", wednesday)).toEqual({ date: "2026-03-09", at: new Date("2026-03-09T13:00:00Z") });
  });

  it("is today while the time is ahead, else a week on", () => {
    expect(nextWeekdayAt("wed", "16:00", "America/New_York", wednesday).date).toBe("2026-03-04");
    expect(nextWeekdayAt("wed", "14:00", "America/New_York", wednesday).date).toBe("2026-03-11");
  });

  it("takes the day in the business's zone, not the browser's", () => {
    // 2026-03-04T20:00Z is already Thursday in Tokyo.
    expect(nextWeekdayAt("thu", "22:00", "Asia/Tokyo", wednesday)).toEqual({ date: "2026-03-05", at: new Date("2026-03-05T13:00:00Z") });
    expect(nextWeekdayAt("wed", "22:00", "Asia/Tokyo", wednesday).date).toBe("2026-03-11");
  });
});

import { describe, expect, it } from "vitest";
import { quietUntil, zonedInstant } from "./quiet-hours";

const at = (iso: string) => new Date(iso);
const until = (now: string, tz: string, start: string, end: string) => quietUntil(at(now), tz, start, end)?.toISOString() ?? null;

describe("quiet hours", () => {
  it("a window within one day: inside it ends today at `end`; outside it, none", () => {
    // 13:00 in Chicago (CST, UTC-6) is 19:00Z.
    expect(until("2026-01-15T19:00:00Z", "America/Chicago", "12:00", "14:00")).toBe("2026-01-15T20:00:00.000Z");
    expect(until("2026-01-15T20:00:00Z", "America/Chicago", "12:00", "14:00")).toBe(null); // 14:00: over
    expect(until("2026-01-15T18:00:00Z", "America/Chicago", "12:00", "14:00")).toBe("2026-01-15T20:00:00.000Z"); // 12:00: begun
    expect(until("2026-01-15T17:59:00Z", "America/Chicago", "12:00", "14:00")).toBe(null);
  });

  it("a window across midnight: before midnight it ends tomorrow, after midnight today", () => {
    // 23:30 local on the 15th → 07:00 local on the 16th (13:00Z).
    expect(until("2026-01-16T05:30:00Z", "America/Chicago", "22:00", "07:00")).toBe("2026-01-16T13:00:00.000Z");
    // 03:00 local on the 16th → 07:00 the same day.
    expect(until("2026-01-16T09:00:00Z", "America/Chicago", "22:00", "07:00")).toBe("2026-01-16T13:00:00.000Z");
    // 12:00 local: not quiet.
    expect(until("2026-01-16T18:00:00Z", "America/Chicago", "22:00", "07:00")).toBe(null);
    // The local date, not the UTC date: 23:30 on Jan 15 in Tokyo is 14:30Z on the 15th.
    expect(until("2026-01-15T14:30:00Z", "Asia/Tokyo", "22:00", "07:00")).toBe("2026-01-15T22:00:00.000Z");
  });

  it("across the spring change (US, 8 March 2026): the night is an hour shorter", () => {
    // 23:00 EST on 7 March (04:00Z) → 07:00 EDT on 8 March (11:00Z): 7 hours.
    expect(until("2026-03-08T04:00:00Z", "America/New_York", "22:00", "07:00")).toBe("2026-03-08T11:00:00.000Z");
    // An end the clocks skip (02:30) lands as far after the gap: 03:30 EDT (07:30Z).
    expect(until("2026-03-08T06:30:00Z", "America/New_York", "01:00", "02:30")).toBe("2026-03-08T07:30:00.000Z");
  });

  it("across the autumn change (US, 1 November 2026): the night is an hour longer; a repeated time is its first occurrence", () => {
    // 23:00 EDT on 31 October (03:00Z) → 07:00 EST on 1 November (12:00Z): 9 hours.
    expect(until("2026-11-01T03:00:00Z", "America/New_York", "22:00", "07:00")).toBe("2026-11-01T12:00:00.000Z");
    // 00:45 EDT → 01:30 shown twice: the first (EDT, 05:30Z).
    expect(until("2026-11-01T04:45:00Z", "America/New_York", "00:00", "01:30")).toBe("2026-11-01T05:30:00.000Z");
    // In Europe (25 October 2026, 03:00 CEST → 02:00 CET): 22:00 to 07:00 from 23:00 CEST is 9 hours.
    expect(until("2026-10-24T21:00:00Z", "Europe/Berlin", "22:00", "07:00")).toBe("2026-10-25T06:00:00.000Z");
  });

  it("in UTC and in zones with half-hour offsets", () => {
    expect(until("2026-06-01T23:00:00Z", "UTC", "22:00", "06:00")).toBe("2026-06-02T06:00:00.000Z");
    // Kolkata is UTC+5:30: 22:30 local is 17:00Z; 06:00 local is 00:30Z.
    expect(until("2026-06-01T17:00:00Z", "Asia/Kolkata", "22:00", "06:00")).toBe("2026-06-02T00:30:00.000Z");
  });

  it("zonedInstant reads a local wall time in a zone", () => {
    expect(zonedInstant(2026, 7, 4, 9 * 60, "America/Los_Angeles").toISOString()).toBe("2026-07-04T16:00:00.000Z");
    expect(zonedInstant(2026, 1, 4, 9 * 60, "America/Los_Angeles").toISOString()).toBe("2026-01-04T17:00:00.000Z");
  });
});

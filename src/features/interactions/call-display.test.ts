import { describe, expect, it } from "vitest";
import { callDisplay, callNumber, callTime } from "./call-display";
import { turnClock } from "./interaction-view";

describe("callDisplay", () => {
  it("uses the account's zone once set, whatever the browser's", () => {
    expect(callDisplay("America/Chicago", "Europe/London")).toEqual({ timeZone: "America/Chicago", zoneSource: "account", country: "US", zoneLabel: "Central Time (America/Chicago)" });
  });

  it("uses the browser's zone while the account's is still the default UTC; UTC and the US until the browser says", () => {
    expect(callDisplay("UTC", "Europe/London")).toEqual({ timeZone: "Europe/London", zoneSource: "browser", country: "GB", zoneLabel: "United Kingdom Time (Europe/London)" });
    expect(callDisplay("UTC", null)).toEqual({ timeZone: "UTC", zoneSource: "default", country: "US", zoneLabel: "Coordinated Universal Time (UTC)" });
  });

  it("shows a call's time in the page's zone and its number for the zone's country", () => {
    const chicago = callDisplay("America/Chicago", null);
    expect(callTime("2026-11-25T21:50:31Z", chicago)).toBe("Nov 25, 2026 15:50");
    expect(callTime("2026-11-26T03:10:00Z", chicago)).toBe("Nov 25, 2026 21:10");
    expect(callNumber("+15550102299", chicago)).toBe("(555) 010-2299");
    expect(callNumber("+15550102299", callDisplay("Europe/London", null))).toBe("+1 555 010 2299");
    expect(callNumber(null, chicago)).toBe("");
  });

  it("a transcript turn's clock follows the zone", () => {
    expect(turnClock("2026-11-25T21:50:31.802Z", "America/Chicago")).toBe("15:50:31");
  });
});

import { describe, expect, it } from "vitest";
import { isKnownTimeZone, timeZoneLabel } from "./time-zone";
import { countryOfTimeZone } from "./zone-country";

describe("time zones", () => {
  it("names a zone as people know it, with its IANA name", () => {
    expect(timeZoneLabel("America/Chicago")).toBe("Central Time (America/Chicago)");
    expect(timeZoneLabel("UTC")).toBe("Coordinated Universal Time (UTC)");
    expect(timeZoneLabel("America/Los_Angeles")).toBe("Pacific Time (America/Los Angeles)");
  });

  it("knows the zones Intl knows, and nothing else", () => {
    expect(isKnownTimeZone("Europe/London")).toBe(true);
    expect(isKnownTimeZone("UTC")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus")).toBe(false);
    expect(isKnownTimeZone("")).toBe(false);
  });

  it("gives each zone Intl lists its country, and none to UTC", () => {
    expect(countryOfTimeZone("America/Chicago")).toBe("US");
    expect(countryOfTimeZone("America/Toronto")).toBe("CA");
    expect(countryOfTimeZone("Europe/London")).toBe("GB");
    expect(countryOfTimeZone("Asia/Calcutta")).toBe("IN");
    expect(countryOfTimeZone("UTC")).toBeNull();
    const missing = Intl.supportedValuesOf("timeZone").filter((z) => !countryOfTimeZone(z) && !/^(UTC|Etc\/)/.test(z));
    expect(missing).toEqual([]);
  });
});

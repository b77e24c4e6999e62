import { describe, expect, it } from "vitest";
import { HttpError } from "@/lib/http/errors";
import { AT_PROBLEM, parseAt } from "./preview-at.server";

describe("the preview's time (?at=)", () => {
  const now = new Date("2026-11-28T12:00:00Z");

  it("is now when none is given", () => {
    expect(parseAt(null, "America/New_York", now)).toBe(now);
    expect(parseAt("", "America/New_York", now)).toBe(now);
  });

  it("takes an instant with Z or an offset as it is", () => {
    expect(parseAt("2026-11-29T03:00:00Z", "America/New_York").toISOString()).toBe("2026-11-29T03:00:00.000Z");
    expect(parseAt("2026-11-28T22:00:00-05:00", "Europe/Paris").toISOString()).toBe("2026-11-29T03:00:00.000Z");
  });

  it("reads a local time in the settings' zone, across DST", () => {
    // Saturday 22:00 in New York in November (EST, UTC-5) and in July (EDT, UTC-4).
    expect(parseAt("2026-11-28T22:00", "America/New_York").toISOString()).toBe("2026-11-29T03:00:00.000Z");
    expect(parseAt("2026-07-04T22:00", "America/New_York").toISOString()).toBe("2026-07-05T02:00:00.000Z");
    // 01:30 does not exist in London that night (01:00 → 02:00): it reads as 02:30 BST, the clocks' jump past it.
    expect(parseAt("2026-03-29T01:30:15", "Europe/London").toISOString()).toBe("2026-03-29T01:30:15.000Z");
    expect(parseAt("2026-03-29T03:30", "Europe/London").toISOString()).toBe("2026-03-29T02:30:00.000Z");
  });

  it("refuses anything else with the field named", () => {
    for (const bad of ["Saturday 22:00", "2026-11-28", "2026-02-30T10:00", "2026-11-28T25:00", "2026-11-28T10:61", "1732831200000", "2026-11-28T22:00:00+5"]) {
      expect(() => parseAt(bad, "America/New_York"), bad).toThrow(HttpError);
      expect(() => parseAt(bad, "America/New_York"), bad).toThrow(AT_PROBLEM);
    }
  });
});

import { describe, expect, it } from "vitest";
import { cycleLabel } from "./cycle-label";

describe("cycleLabel (UTC, @/lib/format)", () => {
  it("names one year once, or both when the period spans two", () => {
    expect(cycleLabel(new Date("2026-11-22T00:00:00Z"), new Date("2026-12-22T00:00:00Z"))).toBe("Nov 22 – Dec 22, 2026");
    expect(cycleLabel(new Date("2026-12-22T23:30:00Z"), new Date("2027-01-22T00:00:00Z"))).toBe("Dec 22, 2026 – Jan 22, 2027");
  });
});

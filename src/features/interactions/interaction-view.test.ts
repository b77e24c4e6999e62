import { describe, expect, it } from "vitest";
import { turnClock } from "./interaction-view";

describe("turnClock", () => {
  it("shows an ISO timestamp as the UTC time of day, whatever its offset", () => {
    expect(turnClock("2026-11-25T21:50:31.802Z")).toBe("21:50:31");
    expect(turnClock("2026-11-25T16:50:31-05:00")).toBe("21:50:31");
  });

  it("leaves anything else to be shown as the platform sent it", () => {
    expect(turnClock("00:42")).toBeNull();
    expect(turnClock("2026-13-45T99:99")).toBeNull();
    expect(turnClock("")).toBeNull();
  });
});

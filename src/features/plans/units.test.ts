import { describe, expect, it } from "vitest";
import { textUnits, voiceUnits } from "./units";

describe("voice units", () => {
  it.each([
    [0, 0.15],
    [29, 0.15],
    [29.9, 0.15],
    [30, 1],
    [179, 1],
    [180, 1],
    [180.5, 2],
    [181, 2],
    [360, 2],
    [361, 3],
    [540, 3],
    [541, 4],
    [720, 4],
    [721, 5],
  ])("an answered call of %s s costs %s units", (seconds, units) => {
    expect(voiceUnits(seconds)).toBe(units);
  });

  it("a voicemail costs 0.15 whatever its length", () => {
    expect(voiceUnits(10, "voicemail")).toBe(0.15);
    expect(voiceUnits(400, "voicemail")).toBe(0.15);
  });

  it("a failed dial (no answer or busy) costs 0.02", () => {
    expect(voiceUnits(0, "failed")).toBe(0.02);
    expect(voiceUnits(45, "failed")).toBe(0.02);
  });

  it("rejects negative or non-finite durations", () => {
    expect(() => voiceUnits(-1)).toThrow(RangeError);
    expect(() => voiceUnits(Number.NaN)).toThrow(RangeError);
    expect(() => voiceUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("text units", () => {
  it.each([
    [0, 0.5],
    [1, 0.5],
    [15, 0.5],
    [16, 1],
    [30, 1],
    [31, 1.5],
    [45, 1.5],
    [46, 2],
  ])("a conversation with %s agent turns costs %s units", (turns, units) => {
    expect(textUnits(turns)).toBe(units);
  });

  it("rejects negative or fractional turn counts", () => {
    expect(() => textUnits(-1)).toThrow(RangeError);
    expect(() => textUnits(2.5)).toThrow(RangeError);
  });
});

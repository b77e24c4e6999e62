import { describe, expect, it } from "vitest";
import { CHART_MAX_CALL_MINUTES, UNIT_CHART, textUnits, voiceUnits } from "./units";

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
    [0, 0],
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

describe("unit chart", () => {
  const row = (usage: string) => UNIT_CHART.find((r) => r.usage === usage)?.units;

  it("goes as far as the estimator: a 15-minute call is 5 units, and longer calls add one per 3 minutes", () => {
    expect(row("Call from 12 to 15 minutes")).toBe("5");
    expect(voiceUnits(15 * 60)).toBe(5);
    expect(row("Each further 3 minutes or part of them")).toBe("+1");
    expect(UNIT_CHART.map((r) => r.usage)).toEqual([
      "Call under 30 seconds or voicemail",
      "Call from 30 seconds to 3 minutes",
      "Call from 3 to 6 minutes",
      "Call from 6 to 9 minutes",
      "Call from 9 to 12 minutes",
      "Call from 12 to 15 minutes",
      "Each further 3 minutes or part of them",
      "Failed dial (no answer or busy)",
      "Text conversation within 15 turns",
      "Each further 15 agent messages or part of them",
    ]);
  });

  it("states what the billing rules charge for the longest call of each row", () => {
    for (let m = 3; m <= CHART_MAX_CALL_MINUTES; m += 3) {
      const r = UNIT_CHART.find((x) => x.usage.endsWith(` to ${m} minutes`));
      expect(r?.units, `${m} minutes`).toBe(String(voiceUnits(m * 60)));
    }
    expect(row("Call under 30 seconds or voicemail")).toBe("0.15");
    expect(row("Failed dial (no answer or busy)")).toBe("0.02");
    expect(row("Text conversation within 15 turns")).toBe("0.5");
  });
});

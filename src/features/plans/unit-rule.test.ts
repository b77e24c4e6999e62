import { describe, expect, it } from "vitest";
import { toUnits, unitsFor } from "./units";

const call = (seconds: number, outcome: "answered" | "transferred" = "answered") => unitsFor({ channel: "phone", outcome, durationMs: Math.round(seconds * 1000) });
const text = (agentMessages: number, channel: "sms" | "chat" | "social" = "sms") => unitsFor({ channel, outcome: "answered", agentMessages });

describe("voice units (spec 9)", () => {
  it.each([
    [29.9, 150, "short_call"],
    [30, 1000, "call"],
    [180, 1000, "call"],
    [180.1, 2000, "long_call"],
    [360, 2000, "long_call"],
    [360.1, 3000, "long_call"],
    [540, 3000, "long_call"],
    [540.1, 4000, "long_call"],
    [720, 4000, "long_call"],
    [0, 150, "short_call"],
  ])("%s s answered: %i thousandths (%s)", (seconds, milli, rule) => {
    expect(call(seconds)).toEqual({ milli, rule });
  });

  it("a transferred call counts by its length", () => {
    expect(call(200, "transferred")).toEqual({ milli: 2000, rule: "long_call" });
  });

  it("voicemail is 0.15 whatever its length", () => {
    expect(unitsFor({ channel: "phone", outcome: "voicemail", durationMs: 400_000 })).toEqual({ milli: 150, rule: "voicemail" });
  });

  it.each(["no_answer", "busy", "failed"] as const)("a failed dial (%s) is 0.02", (outcome) => {
    expect(unitsFor({ channel: "phone", outcome, durationMs: 0 })).toEqual({ milli: 20, rule: "failed_dial" });
  });

  it("a call the AI flagged as spam costs nothing, however long", () => {
    expect(unitsFor({ channel: "phone", outcome: "spam", durationMs: 900_000 })).toEqual({ milli: 0, rule: "spam" });
  });
});

describe("text units (spec 9)", () => {
  it.each([
    [1, 500],
    [15, 500],
    [16, 1000],
    [30, 1000],
    [31, 1500],
  ])("%i agent messages: %i thousandths", (messages, milli) => {
    expect(text(messages)).toEqual({ milli, rule: "text" });
  });

  it("counts chat and social like SMS", () => {
    expect(text(16, "chat").milli).toBe(1000);
    expect(text(31, "social").milli).toBe(1500);
  });

  it("no agent message, or spam, costs nothing", () => {
    expect(text(0)).toEqual({ milli: 0, rule: "text_no_reply" });
    expect(unitsFor({ channel: "chat", outcome: "spam", agentMessages: 40 })).toEqual({ milli: 0, rule: "spam" });
  });
});

it("shows thousandths as decimal units", () => {
  expect([150, 20, 1000, 1500, 0].map(toUnits)).toEqual([0.15, 0.02, 1, 1.5, 0]);
});

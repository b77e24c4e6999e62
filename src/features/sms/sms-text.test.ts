import { describe, expect, it } from "vitest";
import { MAX_SMS_LENGTH } from "./port";
import { fitSmsBody, isE164 } from "./sms-text";

const codePoints = (s: string) => [...s].length;

describe("isE164", () => {
  it("accepts + and up to 15 digits, the country code not starting with 0", () => {
    for (const ok of ["+12125550100", "+442079460958", "+491701234567", "+123456789012345"]) expect(isE164(ok)).toBe(true);
    for (const bad of ["12125550100", "+1 212 555 0100", "+1(212)5550100", "+01234567", "+1234567890123456", "+", "", "tel:+12125550100"]) expect(isE164(bad)).toBe(false);
  });
});

describe("fitSmsBody", () => {
  it("keeps a text that fits, trimmed", () => {
    expect(fitSmsBody("  New call from +1 212 555 0100.  ")).toBe("New call from +1 212 555 0100.");
    const exact = "x".repeat(MAX_SMS_LENGTH);
    expect(fitSmsBody(exact)).toBe(exact);
  });

  it("cuts a long text on a word boundary with an ellipsis, at most 320 characters", () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
    const out = fitSmsBody(long);
    expect(codePoints(out)).toBeLessThanOrEqual(MAX_SMS_LENGTH);
    expect(out.endsWith("…")).toBe(true);
    // The last word before the ellipsis is whole.
    const words = out.slice(0, -1).split(" ");
    expect(long.split(" ")).toContain(words[words.length - 1]);
    expect(long.startsWith(out.slice(0, -1))).toBe(true);
  });

  it("cuts inside a word only when no space keeps half of the text", () => {
    const out = fitSmsBody("y".repeat(400));
    expect(out).toBe(`${"y".repeat(MAX_SMS_LENGTH - 1)}…`);
  });

  it("keeps a trailing link whole and last, cutting the text before it", () => {
    const link = "https://app.example.com/calls/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90";
    const summary = Array.from({ length: 70 }, (_, i) => `part${i}`).join(" ");
    const out = fitSmsBody(`${summary} ${link}`);
    expect(codePoints(out)).toBeLessThanOrEqual(MAX_SMS_LENGTH);
    expect(out.endsWith(`… ${link}`)).toBe(true);
  });

  it("counts characters, not UTF-16 units: an emoji is never split", () => {
    const out = fitSmsBody("😀".repeat(400));
    expect(codePoints(out)).toBe(MAX_SMS_LENGTH);
    expect(out).toBe(`${"😀".repeat(MAX_SMS_LENGTH - 1)}…`);
  });
});

import { describe, expect, it } from "vitest";
import { MAX_SMS_LENGTH } from "@/features/sms/port";
import { alertSms, alertWords, burstSms, type AlertCall } from "./call-alert-text";

const BASE = "https://app.example.com";
const ID = "3f1c7a52-9d4e-4b8a-a1f0-6e2d9c0b7a13";
const call = (over: Partial<AlertCall> = {}): AlertCall => ({
  id: ID,
  channel: "phone",
  direction: "inbound",
  outcome: "answered",
  startedAt: new Date("2026-11-23T20:05:00Z"),
  fromNumber: "+12125550100",
  toNumber: "+13125550111",
  callerName: "Rosa Martinez",
  summary: "Booked a furnace repair for tomorrow at 7:30.",
  appointmentBooked: true,
  ...over,
});
const words = (c: AlertCall, timeZone = "America/Chicago", country = "US") => alertWords(c, { timeZone, country, baseUrl: BASE });

describe("the words of a call notification", () => {
  it("names the caller by name and number as the account's country writes it, the time in its zone, the outcome and the links", () => {
    expect(words(call())).toEqual({
      headline: "New call from Rosa Martinez",
      subject: "New call from Rosa Martinez · Answered",
      caller: "Rosa Martinez, (212) 555-0100",
      time: "Nov 23, 2026 14:05 CST",
      outcome: "Answered",
      callUrl: `${BASE}/calls/${ID}`,
      spamUrl: `${BASE}/calls/${ID}#report-spam`,
    });
    // A British account writes the American number internationally, at its own time.
    expect(words(call({ callerName: null, outcome: "voicemail" }), "Europe/London", "GB")).toMatchObject({
      subject: "New call from +1 212 555 0100 · Voicemail",
      caller: "+1 212 555 0100",
      time: "Nov 23, 2026 20:05 GMT",
    });
  });

  it("an unknown caller, an outbound call, a chat", () => {
    expect(words(call({ callerName: null, fromNumber: null, outcome: "no_answer" }))).toMatchObject({ subject: "New call from an unknown caller · No answer", caller: "Unknown caller" });
    expect(words(call({ direction: "outbound", callerName: null }))).toMatchObject({ subject: "Call to (312) 555-0111 · Answered", caller: "(312) 555-0111" });
    expect(words(call({ channel: "chat", fromNumber: null }))).toMatchObject({ subject: "New web chat from Rosa Martinez · Answered", caller: "Rosa Martinez" });
  });
});

describe("the SMS about a call", () => {
  it("subject, booking, summary and link in at most 320 characters", () => {
    const c = call();
    expect(alertSms(c, words(c))).toBe(`New call from Rosa Martinez · Answered · Appointment booked\nBooked a furnace repair for tomorrow at 7:30.\n${BASE}/calls/${ID}`);
    const noSummary = call({ summary: null, appointmentBooked: false });
    expect(alertSms(noSummary, words(noSummary))).toBe(`New call from Rosa Martinez · Answered\n${BASE}/calls/${ID}`);
  });

  it("a long summary is cut with an ellipsis and the link stays whole", () => {
    const c = call({ summary: `${"The caller described a long problem with the heating. ".repeat(20)}😀 end`, callerName: "N".repeat(100) });
    const text = alertSms(c, words(c));
    expect(text.length).toBeLessThanOrEqual(MAX_SMS_LENGTH);
    expect(text.length).toBeGreaterThan(MAX_SMS_LENGTH - 5);
    expect(text.endsWith(`…\n${BASE}/calls/${ID}`)).toBe(true);
    // A very long base URL still leaves the link whole.
    const long = alertWords(c, { timeZone: "UTC", country: "US", baseUrl: `https://${"x".repeat(200)}.example.com` });
    const t2 = alertSms(c, long);
    expect(t2.length).toBeLessThanOrEqual(MAX_SMS_LENGTH);
    expect(t2.endsWith(long.callUrl)).toBe(true);
  });

  it("a burst: the count and the first call's local time", () => {
    expect(burstSms(495, new Date("2026-11-23T20:05:00Z"), "America/Chicago", BASE)).toBe(`495 new calls since 14:05: ${BASE}/calls`);
    expect(burstSms(1, new Date("2026-11-23T20:05:00Z"), "UTC", BASE)).toBe(`1 new call since 20:05: ${BASE}/calls`);
  });
});

import { describe, expect, it } from "vitest";
import type { SettingsDocument } from "../settings.schema";
import { centsToDollars, dollarsToCents, fieldLabel, formPath, formProblems, problemText, serverProblems, toDocument, toFormValues } from "./settings-form";

const doc: SettingsDocument = {
  name: "Ava",
  greeting: "Thanks for calling Bright Smiles, this is Ava.",
  description: "A family dental practice.",
  language: "en-US",
  timeZone: "America/New_York",
  hours: {
    mon: [
      { open: "09:00", close: "12:00" },
      { open: "13:00", close: "24:00" },
    ],
    tue: [{ open: "09:00", close: "17:00" }],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  },
  closedDays: [{ date: "2026-12-25", label: "Christmas" }],
  afterHours: { action: "message", messageText: "Leave a message.", transferNumber: null, transferText: "Connecting you.", hoursText: "We open at nine." },
  answers: [{ question: "Parking?", answer: "Behind the building." }],
  transferRules: [
    { label: "Emergency", when: "the caller has a dental emergency", announcement: "Connecting you now.", numbers: [{ number: "+12125550100", ringSeconds: 20 }], fallback: "voicemail" },
  ],
  booking: { enabled: true, provider: "cal.com", eventTypeId: 42, apiKeyMasked: "••••1a2b" },
  recording: { announcement: "This call may be recorded.", twoPartyConsent: false },
  spendLimit: { mode: "cap", capCents: 5025 },
};

describe("the settings editor's form ↔ document", () => {
  it("reads dollars into integer cents without floating-point error, and back", () => {
    expect(dollarsToCents("50")).toBe(5000);
    expect(dollarsToCents("50.25")).toBe(5025);
    expect(dollarsToCents("0.29")).toBe(29);
    expect(dollarsToCents("50.5")).toBe(5050);
    expect(dollarsToCents("$1,000.10")).toBe(100010);
    expect(dollarsToCents(" ")).toBeNull();
    expect(dollarsToCents("50.255")).toBe("invalid");
    expect(dollarsToCents("-5")).toBe("invalid");
    expect(dollarsToCents("1e3")).toBe("invalid");
    expect(centsToDollars(5000)).toBe("50");
    expect(centsToDollars(5025)).toBe("50.25");
    expect(centsToDollars(5050)).toBe("50.50");
    expect(centsToDollars(null)).toBe("");
  });

  it("round-trips a document: the masked key stays out, an empty key field keeps the stored key", () => {
    const form = toFormValues(doc);
    expect(form.hours.mon[1]).toEqual({ open: "13:00", close: "00:00" });
    expect(form.spendLimit.capDollars).toBe("50.25");
    expect(form.booking).toEqual({ enabled: true, eventTypeId: "42", apiKey: "" });
    const { document, problems } = toDocument(form, true);
    expect(problems).toEqual([]);
    const { apiKeyMasked, ...booking } = doc.booking;
    void apiKeyMasked;
    expect(document).toEqual({ ...doc, booking });
  });

  it("sends a new key, and asks for one when booking is turned on without a stored key", () => {
    const form = toFormValues(doc);
    expect(toDocument({ ...form, booking: { ...form.booking, apiKey: " cal_live_abcd " } }, true).document.booking.apiKey).toBe("cal_live_abcd");
    expect(toDocument(form, false).problems).toEqual([{ path: "booking.apiKey", message: "is required to turn booking on" }]);
  });

  it("names what is wrong: numbers that are not numbers, and the schema's problems at their fields", () => {
    const form = toFormValues(doc);
    form.name = " ";
    form.spendLimit.capDollars = "fifty";
    form.transferRules[0].numbers.push({ number: "555", ringSeconds: "ten" });
    expect(formProblems(form, true).problems.map(problemText)).toEqual([
      "Name is required",
      "Rule 1 number 2 rings (seconds) must be a whole number of seconds",
      'Rule 1 number 2: "555" is not a valid phone number',
      "Extra units limit ($) must be an amount in dollars, such as 50 or 50.25",
    ]);
    const ok = toFormValues(doc);
    ok.afterHours = { ...ok.afterHours, action: "transfer" };
    ok.spendLimit.capDollars = "";
    ok.booking.eventTypeId = "";
    expect(formProblems(ok, true).problems).toEqual([
      { path: "afterHours.transferNumber", message: "is required to transfer after hours" },
      { path: "booking.eventTypeId", message: "is required to turn booking on" },
      { path: "spendLimit.capCents", message: "is required for a limit in dollars" },
    ]);
    expect(formPath("spendLimit.capCents")).toBe("spendLimit.capDollars");
  });

  it("does not refuse a dollar amount it does not use", () => {
    const form = toFormValues(doc);
    form.spendLimit = { mode: "bill_extra", capDollars: "lots" };
    expect(formProblems(form, true).problems).toEqual([]);
  });

  it("reads a 400's message as problems at document paths", () => {
    expect(serverProblems('settings.transferRules.0.numbers.1.number: "555" is not a valid phone number; name: is required')).toEqual([
      { path: "transferRules.0.numbers.1.number", message: '"555" is not a valid phone number' },
      { path: "name", message: "is required" },
    ]);
    expect(serverProblems("AI employee not found")).toEqual([{ path: "", message: "AI employee not found" }]);
  });

  it("labels fields as the page names them", () => {
    expect(fieldLabel("hours.mon.0.open")).toBe("Monday opens");
    expect(fieldLabel("hours.sat.1.close")).toBe("Saturday closes 2");
    expect(fieldLabel("hours.sun.2")).toBe("Sunday hours 3");
    expect(fieldLabel("closedDays.0.date")).toBe("Closed day date 1");
    expect(fieldLabel("closedDays.3")).toBe("Closed day 4");
    expect(fieldLabel("answers.1.question")).toBe("Question 2");
    expect(fieldLabel("transferRules.2.when")).toBe("Rule 3 applies when");
    expect(fieldLabel("transferRules.0.numbers")).toBe("Rule 1 numbers");
    expect(fieldLabel("booking.apiKey")).toBe("Cal.com API key");
  });
});

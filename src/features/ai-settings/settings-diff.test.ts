import { describe, expect, it } from "vitest";
import { defaults, fullDocument } from "./__fixtures__/documents";
import { changedKeys, diffSettings } from "./settings-diff";
import type { SettingsDocument } from "./settings.schema";

const linesOf = (a: SettingsDocument, b: SettingsDocument) => diffSettings(a, b).flatMap((d) => d.lines);

describe("changedKeys", () => {
  it("lists the changed sections in the page's order, and none for the same document", () => {
    const a = defaults();
    expect(changedKeys(a, defaults())).toEqual([]);
    expect(changedKeys(a, { ...a, spendLimit: { mode: "messages_at_limit", capCents: null }, greeting: "Hi there" })).toEqual(["greeting", "spendLimit"]);
  });

  it("ignores the order of keys (documents read back from jsonb)", () => {
    const a = defaults();
    const entries = Object.entries({ ...a, booking: { apiKeyMasked: null, eventTypeId: null, provider: "cal.com", enabled: false } }).reverse();
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(entries))) as SettingsDocument;
    expect(Object.keys(reordered)[0]).toBe("spendLimit");
    expect(changedKeys(a, reordered)).toEqual([]);
  });
});

describe("diffSettings", () => {
  it("words text changes with both values", () => {
    const a = { ...defaults(), greeting: "Hello" };
    expect(diffSettings(a, { ...a, greeting: "Hi there" })).toEqual([{ key: "greeting", label: "Greeting", lines: ['Greeting: "Hello" → "Hi there"'] }]);
    expect(linesOf(a, { ...a, description: "Dentist" })).toEqual(['Business description: (empty) → "Dentist"']);
    expect(linesOf(a, { ...a, language: "fr-FR" })).toEqual(["Language: English (US) → French"]);
  });

  it("words hours per weekday", () => {
    const a = defaults();
    const b = {
      ...a,
      hours: {
        ...a.hours,
        mon: [
          { open: "08:00", close: "12:00" },
          { open: "13:00", close: "17:00" },
        ],
        sat: [{ open: "10:00", close: "14:00" }],
      },
    };
    expect(diffSettings(a, b)).toEqual([{ key: "hours", label: "Business hours", lines: ["Monday hours: 09:00–17:00 → 08:00–12:00, 13:00–17:00", "Saturday hours: closed → 10:00–14:00"] }]);
  });

  it("words closed days added, removed and relabelled", () => {
    const a = {
      ...defaults(),
      closedDays: [
        { date: "2026-12-25", label: "Xmas" },
        { date: "2026-07-04", label: "Fourth" },
      ],
    };
    const b = {
      ...a,
      closedDays: [
        { date: "2026-12-25", label: "Christmas Day" },
        { date: "2027-01-01", label: "New Year's Day" },
      ],
    };
    expect(linesOf(a, b)).toEqual(['Closed day 2026-12-25: "Xmas" → "Christmas Day"', 'Closed day added: 2027-01-01 "New Year\'s Day"', 'Closed day removed: 2026-07-04 "Fourth"']);
  });

  it("words answers added, removed, edited and reordered", () => {
    const a = defaults();
    const withOne = { ...a, answers: [{ question: "Is there parking?", answer: "Yes." }] };
    expect(linesOf(a, { ...a, answers: [{ question: "Do you take insurance?", answer: "Yes." }] })).toEqual(['Answer added: "Do you take insurance?"']);
    expect(linesOf(withOne, a)).toEqual(['Answer removed: "Is there parking?"']);
    expect(linesOf(withOne, { ...a, answers: [{ question: "Is there parking?", answer: "Behind the building." }] })).toEqual(['Answer to "Is there parking?": "Yes." → "Behind the building."']);
    const full = fullDocument();
    expect(linesOf(full, { ...full, answers: [...full.answers].reverse() })).toEqual(["Answers reordered"]);
  });

  it("words transfer rules added, removed and changed", () => {
    const full = fullDocument();
    const [emergencies, billing] = full.transferRules;
    expect(linesOf(full, { ...full, transferRules: [billing] })).toEqual(['Transfer rule "Emergencies" removed']);
    expect(linesOf({ ...full, transferRules: [billing] }, full)).toEqual(['Transfer rule "Emergencies" added']);
    expect(linesOf(full, { ...full, transferRules: [billing, emergencies] })).toEqual(["Transfer rules reordered"]);
    const changed = { ...emergencies, when: "severe pain", numbers: [{ number: "+12125550101", ringSeconds: 25 }], fallback: "message" as const };
    expect(linesOf(full, { ...full, transferRules: [changed, billing] })).toEqual([
      'Transfer rule "Emergencies" applies when: "the caller has a dental emergency: severe pain, swelling or a knocked-out tooth" → "severe pain"',
      'Transfer rule "Emergencies" numbers: +12125550101 (20 s), +442079460000 (30 s) → +12125550101 (25 s)',
      'Transfer rule "Emergencies" if nobody answers: Voicemail → Take a message',
    ]);
  });

  it("words the spend limit with the page's labels", () => {
    const a = defaults();
    expect(linesOf(a, { ...a, spendLimit: { mode: "messages_at_limit", capCents: null } })).toEqual(["Spend limit: Keep answering and bill extra units → Take messages only at 100%"]);
    expect(linesOf(a, { ...a, spendLimit: { mode: "cap", capCents: 5000 } })).toEqual([
      "Spend limit: Keep answering and bill extra units → Allow extra units up to an amount, then take messages only ($50.00)",
    ]);
    const cap = { ...a, spendLimit: { mode: "cap" as const, capCents: 5000 } };
    expect(linesOf(cap, { ...a, spendLimit: { mode: "cap", capCents: 12550 } })).toEqual(["Extra units limit: $50.00 → $125.50"]);
  });

  it("never shows the Cal.com key, only that it changed", () => {
    const a = { ...defaults(), booking: { enabled: true, provider: "cal.com" as const, eventTypeId: 42, apiKeyMasked: "••••1a2b" } };
    const newKey = { ...a, booking: { ...a.booking, apiKey: "cal_live_secret_9z9z" } };
    const lines = linesOf(a, newKey);
    expect(lines).toEqual(["Cal.com API key changed"]);
    expect(changedKeys(a, newKey)).toEqual(["booking"]);
    const stored = { ...a, booking: { ...a.booking, apiKeyMasked: "••••9z9z" } };
    const diff = JSON.stringify(diffSettings(a, stored));
    expect(diff).toContain("Cal.com API key changed");
    expect(diff).not.toContain("1a2b");
    expect(diff).not.toContain("9z9z");
    expect(linesOf(defaults(), { ...a, booking: { ...a.booking, apiKeyMasked: null } })).toEqual(["Booking: off → on", "Cal.com event type ID: none → 42"]);
  });

  it("words after hours and recording", () => {
    const a = defaults();
    const b = { ...a, afterHours: { ...a.afterHours, action: "transfer" as const, transferNumber: "+12125550199" }, recording: { announcement: "", twoPartyConsent: true } };
    expect(diffSettings(a, b)).toEqual([
      { key: "afterHours", label: "After hours", lines: ["When closed: Take a message → Transfer to a number", "Transfer number: none → +12125550199"] },
      { key: "recording", label: "Recording and consent", lines: ['Recording announcement: "This call may be recorded for quality and training." → (empty)', "Two-party consent: off → on"] },
    ]);
  });
});

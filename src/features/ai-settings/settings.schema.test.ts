import { describe, expect, it } from "vitest";
import { zodMessage } from "@/lib/http/errors";
import { defaultSettings } from "./default-settings";
import { settingsDocumentSchema, type SettingsDocument, type SettingsInput } from "./settings.schema";

const base = () => defaultSettings({ aiEmployeeName: "Ava", phoneNumber: "+12125550100", businessName: "Bright Smile Dental", timeZone: "America/New_York" });
const rule = (label: string): SettingsInput["transferRules"][number] => ({
  label,
  when: "the caller has an emergency",
  announcement: "One moment.",
  numbers: [{ number: "(212) 555-0101", ringSeconds: 20 }],
  fallback: "message",
});

/** The readable error the API answers (400 { message }), or "" when the document is valid. */
function refusal(doc: SettingsInput): string {
  const result = settingsDocumentSchema.safeParse(doc);
  return result.success ? "" : zodMessage(result.error);
}

describe("default settings", () => {
  it("are a valid document with the product's defaults", () => {
    const doc = settingsDocumentSchema.parse(base());
    expect(doc.name).toBe("Ava");
    expect(doc.greeting).toBe("Thank you for calling Bright Smile Dental, this is Ava. How can I help you today?");
    expect(doc.hours.mon).toEqual([{ open: "09:00", close: "17:00" }]);
    expect(doc.hours.fri).toEqual([{ open: "09:00", close: "17:00" }]);
    expect(doc.hours.sat).toEqual([]);
    expect(doc.hours.sun).toEqual([]);
    expect(doc.afterHours.action).toBe("message");
    expect(doc.answers).toEqual([]);
    expect(doc.transferRules).toEqual([]);
    expect(doc.booking).toEqual({ enabled: false, provider: "cal.com", eventTypeId: null, apiKeyMasked: null });
    expect(doc.recording).toEqual({ announcement: "This call may be recorded for quality and training.", twoPartyConsent: false });
    expect(doc.spendLimit).toEqual({ mode: "bill_extra", capCents: null });
    expect(doc.language).toBe("en-US");
    expect(doc.timeZone).toBe("America/New_York");
  });

  it("stay valid with a long name, no business name and an unknown zone", () => {
    const doc = defaultSettings({ aiEmployeeName: "A".repeat(90), phoneNumber: "", businessName: "  ", timeZone: "Mars/Olympus" });
    expect(refusal(doc)).toBe("");
    expect(doc.name).toHaveLength(60);
    expect(doc.greeting.startsWith("Thank you for calling, this is AAA")).toBe(true);
    expect(doc.timeZone).toBe("America/New_York");
  });

  it("give each weekday its own hours (editing Monday leaves Tuesday alone)", () => {
    const doc = base();
    doc.hours.mon[0].open = "08:00";
    expect(doc.hours.tue[0].open).toBe("09:00");
  });
});

describe("settingsDocumentSchema refuses", () => {
  it("overlapping hours, with the day and ranges named", () => {
    const doc: SettingsDocument = {
      ...base(),
      hours: {
        ...base().hours,
        mon: [
          { open: "09:00", close: "13:00" },
          { open: "12:00", close: "17:00" },
        ],
      },
    };
    expect(refusal(doc)).toBe("hours.mon.1.open: Monday's hours 2 overlap hours 1");
  });

  it("empty hours", () => {
    const doc: SettingsDocument = { ...base(), hours: { ...base().hours, wed: [{ open: "10:00", close: "10:00" }] } };
    expect(refusal(doc)).toBe("hours.wed.0.close: Wednesday's hours 1 are empty: opening and closing are the same time");
  });

  it("a Friday night range running into Saturday's hours", () => {
    const doc: SettingsDocument = { ...base(), hours: { ...base().hours, fri: [{ open: "20:00", close: "03:00" }], sat: [{ open: "02:00", close: "06:00" }] } };
    expect(refusal(doc)).toBe("hours.fri.0.close: Friday's hours 1 (20:00–03:00) run past midnight into Saturday's hours 1 (02:00–06:00)");
  });

  it("a closed day given twice", () => {
    const fourth = (label: string) => ({ date: "2026-07-04", label });
    const doc = { ...base(), closedDays: [fourth("Independence Day"), fourth("Fourth")] };
    expect(refusal(doc)).toBe("closedDays.1.date: Closed day 2 repeats 2026-07-04, already closed day 1");
  });

  it("a phone number that is not valid, naming it, and stores valid ones in E.164", () => {
    const bad = {
      ...base(),
      transferRules: [
        {
          ...rule("Emergencies"),
          numbers: [
            { number: "(212) 555-0101", ringSeconds: 20 },
            { number: "555", ringSeconds: 20 },
          ],
        },
      ],
    };
    expect(refusal(bad)).toBe('transferRules.0.numbers.1.number: "555" is not a valid phone number');
    const good = settingsDocumentSchema.parse({ ...base(), transferRules: [rule("Emergencies")] });
    expect(good.transferRules[0].numbers[0].number).toBe("+12125550101");
  });

  it("201 answers, and takes 200", () => {
    const answers = (n: number) => Array.from({ length: n }, (_, i) => ({ question: `Question ${i + 1}?`, answer: "Yes." }));
    expect(refusal({ ...base(), answers: answers(200) })).toBe("");
    expect(refusal({ ...base(), answers: answers(201) })).toBe("answers: at most 200 answers");
  });

  it("an answer of 2,001 characters, and takes 2,000", () => {
    expect(refusal({ ...base(), answers: [{ question: "Parking?", answer: "a".repeat(2000) }] })).toBe("");
    expect(refusal({ ...base(), answers: [{ question: "Parking?", answer: "a".repeat(2001) }] })).toBe("answers.0.answer: must be at most 2,000 characters");
  });

  it("11 transfer rules, and takes 10", () => {
    const rules = (n: number) => Array.from({ length: n }, (_, i) => rule(`Rule ${i + 1}`));
    expect(refusal({ ...base(), transferRules: rules(10) })).toBe("");
    expect(refusal({ ...base(), transferRules: rules(11) })).toBe("transferRules: at most 10 transfer rules");
  });

  it("two transfer rules with the same label", () => {
    expect(refusal({ ...base(), transferRules: [rule("Emergencies"), rule("Billing"), rule("emergencies")] })).toBe('transferRules.2.label: "emergencies" is already the label of rule 1');
  });

  it("an after-hours transfer without a number, booking without an event type, and a cap without an amount", () => {
    expect(refusal({ ...base(), afterHours: { ...base().afterHours, action: "transfer" } })).toBe("afterHours.transferNumber: is required to transfer after hours");
    expect(refusal({ ...base(), booking: { ...base().booking, enabled: true } })).toBe("booking.eventTypeId: is required to turn booking on");
    expect(refusal({ ...base(), spendLimit: { mode: "cap", capCents: null } })).toBe("spendLimit.capCents: is required for a limit in dollars");
  });
});

import { defaultSettings } from "../default-settings";
import { settingsDocumentSchema, type SettingsDocument } from "../settings.schema";

/** Test documents shared by the engine's unit tests. */

export const context = { messagesOnly: false, businessName: "Bright Smile Dental", phoneNumber: "+12125550100" };

export function defaults(): SettingsDocument {
  return defaultSettings({ aiEmployeeName: "Ava", phoneNumber: context.phoneNumber, businessName: context.businessName, timeZone: "America/New_York" });
}

/** Every section filled in: late Friday hours, a holiday, answers, two transfer rules, booking, two-party consent. */
export function fullDocument(): SettingsDocument {
  const nineToFive = [{ open: "09:00", close: "17:00" }];
  return settingsDocumentSchema.parse({
    ...defaults(),
    description: "A family dental practice on Main Street, open since 1998.",
    hours: {
      mon: [{ open: "08:00", close: "12:00" }, { open: "13:00", close: "17:00" }],
      tue: nineToFive,
      wed: nineToFive,
      thu: nineToFive,
      fri: [{ open: "09:00", close: "17:00" }, { open: "22:00", close: "02:00" }],
      sat: [],
      sun: [{ open: "09:00", close: "12:00" }],
    },
    closedDays: [
      { date: "2026-12-25", label: "Christmas Day" },
      { date: "2026-07-03", label: "Independence Day (observed)" },
    ],
    afterHours: { ...defaults().afterHours, action: "transfer", transferNumber: "(212) 555-0199", transferText: "We're closed, so I'll put you through to our on-call line." },
    answers: [
      { question: "Do you take insurance?", answer: "Yes: Delta Dental, Cigna and Aetna." },
      { question: "Is there parking?", answer: "Free parking behind the building." },
    ],
    transferRules: [
      {
        label: "Emergencies",
        when: "the caller has a dental emergency: severe pain, swelling or a knocked-out tooth",
        announcement: "I'm putting you through to our emergency line now.",
        numbers: [
          { number: "(212) 555-0101", ringSeconds: 20 },
          { number: "+44 20 7946 0000", ringSeconds: 30 },
        ],
        fallback: "voicemail",
      },
      { label: "Billing", when: "the caller asks about a bill or a payment", announcement: "Let me transfer you to our billing team.", numbers: [{ number: "212-555-0102", ringSeconds: 15 }], fallback: "message" },
    ],
    booking: { enabled: true, provider: "cal.com", eventTypeId: 123456, apiKeyMasked: "••••1a2b" },
    recording: { announcement: "This call may be recorded for quality and training.", twoPartyConsent: true },
    spendLimit: { mode: "cap", capCents: 5000 },
  });
}

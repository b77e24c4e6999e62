import { isKnownTimeZone } from "@/lib/time-zone";
import type { SettingsDocument } from "./settings.schema";

/** The zone used when the order has none Intl knows. */
export const FALLBACK_TIME_ZONE = "America/New_York";

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max).trimEnd() : s);

/**
 * Version 1 of an AI employee's settings: what it answers with before the
 * customer changes anything. Weekdays 09:00–17:00, closed at weekends, takes a
 * message after hours, no answers or transfers, booking off, and today's
 * spend behaviour (bill extra units). Valid under settingsDocumentSchema.
 * `phoneNumber` is the AI employee's own number: nothing forwards to it, so
 * the defaults do not use it.
 */
export function defaultSettings(input: { aiEmployeeName: string; phoneNumber: string; businessName: string; timeZone: string | null }): SettingsDocument {
  const name = clip(input.aiEmployeeName.trim(), 60) || "Receptionist";
  const business = input.businessName.trim();
  const greeting = business ? `Thank you for calling ${business}, this is ${name}. How can I help you today?` : `Thank you for calling, this is ${name}. How can I help you today?`;
  const weekday = () => [{ open: "09:00", close: "17:00" }];
  return {
    name,
    greeting: clip(greeting, 500),
    description: "",
    language: "en-US",
    timeZone: isKnownTimeZone(input.timeZone) ? input.timeZone : FALLBACK_TIME_ZONE,
    hours: { mon: weekday(), tue: weekday(), wed: weekday(), thu: weekday(), fri: weekday(), sat: [], sun: [] },
    closedDays: [],
    afterHours: {
      action: "message",
      // Said right after the greeting (which already thanks the caller): no second "thank you for calling".
      messageText: "We're closed right now. Please leave your name, your number and a short message, and we'll call you back when we open.",
      transferNumber: null,
      transferText: "We're closed right now, so I'll put you through to someone who can help. One moment, please.",
      hoursText: "We're closed right now. Let me tell you our opening hours so you can call us back.",
    },
    answers: [],
    transferRules: [],
    booking: { enabled: false, provider: "cal.com", eventTypeId: null, apiKeyMasked: null },
    recording: { announcement: "This call may be recorded for quality and training.", twoPartyConsent: false },
    spendLimit: { mode: "bill_extra", capCents: null },
  };
}

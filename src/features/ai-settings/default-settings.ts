import type { SettingsDocument } from "./settings.schema";

/**
 * TEMPORARY (helper C's stand-in; helper A owns this file and replaces it,
 * keeping the signature): the settings a new AI employee starts with, built
 * from the order's name and number and the business's name and zone.
 */
export function defaultSettings(input: { aiEmployeeName: string; phoneNumber: string; businessName: string; timeZone: string }): SettingsDocument {
  const { aiEmployeeName: name, businessName, timeZone } = input;
  const weekday = [{ open: "09:00", close: "17:00" }];
  return {
    name,
    greeting: `Thank you for calling ${businessName}, this is ${name}. How can I help you today?`,
    description: "",
    language: "en-US",
    timeZone,
    hours: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: [], sun: [] },
    closedDays: [],
    afterHours: {
      action: "message",
      messageText: `${businessName} is closed right now. Please leave your name, number and a short message, and we will call you back.`,
      transferNumber: null,
      transferText: "We are closed right now. Let me transfer you.",
      hoursText: `${businessName} is open Monday to Friday, 9 AM to 5 PM.`,
    },
    answers: [],
    transferRules: [],
    booking: { enabled: false, provider: "cal.com", eventTypeId: null },
    recording: { announcement: "This call may be recorded for quality purposes.", twoPartyConsent: false },
    spendLimit: { mode: "bill_extra", capCents: null },
  };
}

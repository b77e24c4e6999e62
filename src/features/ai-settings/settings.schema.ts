import { z } from "@/lib/zod";
import { rows } from "@/lib/rows";
import { isKnownTimeZone } from "@/lib/time-zone";
import { hoursProblems } from "./hours";
import { toE164 } from "./phone-numbers";
import { WEEKDAYS, type Weekday } from "./weekdays";

/**
 * The AI employee's settings document (issue 24): what GET answers and PUT
 * takes, the same schema on the client and the server. The booking key is
 * write-only: `booking.apiKey` may be sent (a new key; omitted keeps the
 * stored one) and is never answered; `booking.apiKeyMasked` is answered and
 * ignored on input.
 */

export { WEEKDAYS, WEEKDAY_LABELS, type Weekday } from "./weekdays";

/** Languages the voice platform speaks (Retell's `language` values). */
export const LANGUAGES = rows(
  ["value", "label"],
  ["en-US", "English (US)"],
  ["en-GB", "English (UK)"],
  ["es-ES", "Spanish (Spain)"],
  ["es-419", "Spanish (Latin America)"],
  ["fr-FR", "French"],
  ["de-DE", "German"],
  ["pt-BR", "Portuguese (Brazil)"],
  ["it-IT", "Italian"],
  ["multi", "Multilingual (English and Spanish)"],
);
export type Language = (typeof LANGUAGES)[number]["value"];

export const LIMITS = {
  answers: 200,
  answerChars: 2000,
  transferRules: 10,
  numbersPerRule: 5,
  closedDays: 100,
  rangesPerDay: 6,
  ringSecondsMin: 5,
  /** Retell rings a transfer for 5 to 90 seconds (transfer_ring_duration_ms, create-retell-llm). */
  ringSecondsMax: 90,
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max.toLocaleString("en-US")} characters` });
const required = (max: number) => text(max).min(1, { message: "is required" });

/** "HH:MM", 00:00 to 24:00. */
const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, { message: "must be a time as HH:MM" });

/** A phone number, any common writing; stored in E.164. Refused with the number named. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .transform((raw, ctx) => {
    const e164 = toE164(raw);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: `"${raw}" is not a valid phone number` });
      return z.NEVER;
    }
    return e164;
  });

export const rangeSchema = z.strictObject({ open: clock, close: clock });
export type TimeRange = z.infer<typeof rangeSchema>;

export const hoursSchema = z.strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(rangeSchema).max(LIMITS.rangesPerDay)])) as Record<Weekday, z.ZodArray<typeof rangeSchema>>);
export type WeeklyHours = Record<Weekday, TimeRange[]>;

export const closedDaySchema = z.strictObject({
  date: z.iso.date({ message: "must be a date as YYYY-MM-DD" }),
  label: required(80),
});
export type ClosedDay = z.infer<typeof closedDaySchema>;

export const AFTER_HOURS_ACTIONS = ["message", "transfer", "hours"] as const;
export type AfterHoursAction = (typeof AFTER_HOURS_ACTIONS)[number];

export const afterHoursSchema = z.strictObject({
  /** Take a message, transfer to a number, or tell callers the hours and end the call. */
  action: z.enum(AFTER_HOURS_ACTIONS),
  messageText: required(500),
  transferNumber: phoneNumberSchema.nullable(),
  transferText: required(500),
  hoursText: required(500),
});

export const answerSchema = z.strictObject({ question: required(LIMITS.answerChars), answer: required(LIMITS.answerChars) });

export const TRANSFER_FALLBACKS = ["message", "voicemail"] as const;
export const transferRuleSchema = z.strictObject({
  label: required(80),
  when: required(500),
  announcement: required(500),
  numbers: z
    .array(z.strictObject({ number: phoneNumberSchema, ringSeconds: z.number().int().min(LIMITS.ringSecondsMin).max(LIMITS.ringSecondsMax) }))
    .min(1, { message: "needs at least one number" })
    .max(LIMITS.numbersPerRule),
  fallback: z.enum(TRANSFER_FALLBACKS),
});
export type TransferRule = z.infer<typeof transferRuleSchema>;

export const bookingSchema = z.strictObject({
  enabled: z.boolean(),
  provider: z.literal("cal.com"),
  /** The Cal.com event type the AI employee books. */
  eventTypeId: z.number().int().positive().nullable(),
  /** Write-only: a new Cal.com API key. */
  apiKey: z.string().trim().min(8, { message: "must be a Cal.com API key" }).max(200).optional(),
  /** Read-only: "••••1a2b" when a key is stored, else null. Ignored on input. */
  apiKeyMasked: z.string().nullable().optional(),
});

export const recordingSchema = z.strictObject({
  /** Played at the start of every call; empty plays nothing. */
  announcement: text(500),
  /** Two-party consent: ask, and continue unrecorded on "no". */
  twoPartyConsent: z.boolean(),
});

export const SPEND_MODES = ["bill_extra", "cap", "messages_at_limit"] as const;
export type SpendLimitMode = (typeof SPEND_MODES)[number];
export const spendLimitSchema = z.strictObject({
  /** bill_extra: keep answering, bill extra units (default); cap: extra units up to capCents, then messages only; messages_at_limit: messages only at 100%. */
  mode: z.enum(SPEND_MODES),
  capCents: z.number().int().min(100, { message: "must be at least $1" }).max(100_000_00).nullable(),
});

const documentShape = z.strictObject({
  name: required(60),
  greeting: required(500),
  description: text(2000),
  language: z.enum(LANGUAGES.map((l) => l.value) as [Language, ...Language[]]),
  timeZone: z.string().refine(isKnownTimeZone, { message: "must be a time zone such as America/New_York" }),
  hours: hoursSchema,
  closedDays: z.array(closedDaySchema).max(LIMITS.closedDays),
  afterHours: afterHoursSchema,
  answers: z.array(answerSchema).max(LIMITS.answers, { message: `at most ${LIMITS.answers} answers` }),
  transferRules: z.array(transferRuleSchema).max(LIMITS.transferRules, { message: `at most ${LIMITS.transferRules} transfer rules` }),
  booking: bookingSchema,
  recording: recordingSchema,
  spendLimit: spendLimitSchema,
});

/** The settings document, with the checks that span fields. */
export const settingsDocumentSchema = documentShape.superRefine((doc, ctx) => {
  for (const p of hoursProblems(doc.hours, doc.closedDays)) ctx.addIssue({ code: "custom", path: p.path, message: p.message });
  if (doc.afterHours.action === "transfer" && !doc.afterHours.transferNumber) ctx.addIssue({ code: "custom", path: ["afterHours", "transferNumber"], message: "is required to transfer after hours" });
  if (doc.booking.enabled && doc.booking.eventTypeId === null) ctx.addIssue({ code: "custom", path: ["booking", "eventTypeId"], message: "is required to turn booking on" });
  const labels = new Map<string, number>();
  doc.transferRules.forEach((rule, i) => {
    const first = labels.get(rule.label.toLowerCase());
    if (first === undefined) labels.set(rule.label.toLowerCase(), i);
    else ctx.addIssue({ code: "custom", path: ["transferRules", i, "label"], message: `"${rule.label}" is already the label of rule ${first + 1}` });
  });
  if (doc.spendLimit.mode === "cap" && doc.spendLimit.capCents === null) ctx.addIssue({ code: "custom", path: ["spendLimit", "capCents"], message: "is required for a limit in dollars" });
});
export type SettingsDocument = z.output<typeof settingsDocumentSchema>;
/** What a form sends (numbers in any writing). */
export type SettingsInput = z.input<typeof settingsDocumentSchema>;

/** PUT /api/ai-employees/{id}/settings. */
export const saveSettingsSchema = z.strictObject({
  baseVersion: z.number().int().min(1),
  settings: settingsDocumentSchema,
});

/** POST …/settings/versions/{version}/restore (baseVersion optional: the restore is checked like a save when sent). */
export const restoreSchema = z.strictObject({ baseVersion: z.number().int().min(1).optional() });

/** The top-level keys, in the order the page shows them. */
export const SETTINGS_KEYS = [
  "name",
  "greeting",
  "description",
  "language",
  "timeZone",
  "hours",
  "closedDays",
  "afterHours",
  "answers",
  "transferRules",
  "booking",
  "recording",
  "spendLimit",
] as const satisfies readonly (keyof SettingsDocument)[];
export type SettingsKey = (typeof SETTINGS_KEYS)[number];

export const SETTINGS_KEY_LABELS: Record<SettingsKey, string> = {
  name: "Name",
  greeting: "Greeting",
  description: "Business description",
  language: "Language",
  timeZone: "Time zone",
  hours: "Business hours",
  closedDays: "Closed days",
  afterHours: "After hours",
  answers: "Answers",
  transferRules: "Transfers",
  booking: "Appointment booking",
  recording: "Recording and consent",
  spendLimit: "Spend limit",
};

import { z } from "@/lib/zod";

/**
 * Notification rules about calls (issue 25): the API's bodies and answers,
 * shared by the routes, the page and the OpenAPI document.
 */
export const RULE_CONDITIONS = ["every_call", "leads_and_bookings", "missed_and_voicemail", "urgent", "phrase"] as const;
export type RuleCondition = (typeof RULE_CONDITIONS)[number];

export const CONDITION_LABELS: Record<RuleCondition, string> = {
  every_call: "Every call",
  leads_and_bookings: "Only leads and booked appointments",
  missed_and_voicemail: "Only missed calls and voicemails",
  urgent: "Calls tagged urgent",
  phrase: "A word or phrase in the summary",
};

export const RULE_CHANNELS = ["email", "sms"] as const;
export type RuleChannel = (typeof RULE_CHANNELS)[number];
export const CHANNEL_LABELS: Record<RuleChannel, string> = { email: "E-mail", sms: "SMS" };

/** At most this many rules per account, and extra recipients per rule. */
export const MAX_RULES = 20;
export const MAX_EXTRA_RECIPIENTS = 10;

const hhmm = z.string({ error: "must be a time HH:MM" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "must be a time HH:MM (00:00 to 23:59)" });

/**
 * POST /api/notification-rules and (every field optional) PATCH …/{id}.
 * Extra recipients are e-mail addresses for channel email and mobile
 * numbers (stored in E.164, checked on the server with the account's
 * country) for channel sms. Members must hold calls.read in the account
 * (checked on the server).
 */
export const ruleBodySchema = z
  .object({
    name: z.string({ error: "must be text" }).trim().min(1, { error: "is required" }).max(80, { error: "must be at most 80 characters" }),
    channel: z.enum(RULE_CHANNELS, { error: "must be email or sms" }),
    condition: z.enum(RULE_CONDITIONS, { error: `must be one of: ${RULE_CONDITIONS.join(", ")}` }),
    phrase: z.string({ error: "must be text" }).trim().max(100, { error: "must be at most 100 characters" }).nullable().default(null),
    /** Empty: every AI employee of the account. */
    aiEmployeeIds: z.array(z.string().min(1)).max(100).default([]),
    memberUserIds: z.array(z.string().min(1)).max(100).default([]),
    extraRecipients: z
      .array(z.string().trim().min(1).max(254))
      .max(MAX_EXTRA_RECIPIENTS, { error: `at most ${MAX_EXTRA_RECIPIENTS} extra recipients` })
      .default([]),
    /** Quiet hours in the account's time zone: SMS is held until `end`; e-mail is sent. Null: none. */
    quietHours: z.object({ start: hhmm, end: hhmm }).nullable().default(null),
    enabled: z.boolean({ error: "must be true or false" }).default(true),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.condition === "phrase" && !v.phrase) ctx.addIssue({ code: "custom", path: ["phrase"], message: "is required when the condition is a word or phrase in the summary" });
    if (v.quietHours && v.quietHours.start === v.quietHours.end) ctx.addIssue({ code: "custom", path: ["quietHours"], message: "start and end must differ" });
    if (v.memberUserIds.length === 0 && v.extraRecipients.length === 0) ctx.addIssue({ code: "custom", path: ["memberUserIds"], message: "choose at least one member or add a recipient" });
  })
  .meta({ id: "NotificationRule" });
export type RuleBody = z.infer<typeof ruleBodySchema>;

/** A rule as the API answers it. */
export type RuleView = RuleBody & { id: string; createdAt: string; updatedAt: string };

/** GET /api/account/notification-preferences: what reaches the signed-in member. */
export type PreferencesView = {
  /** The rules that name this member, each with whether it reaches them (false after they turned it off or unsubscribed). */
  rules: Array<{ id: string; name: string; channel: RuleChannel; condition: RuleCondition; receiving: boolean; enabled: boolean }>;
  dailySummary: boolean;
  dailySummaryWhenQuiet: boolean;
};

/** PUT /api/account/notification-preferences. */
export const preferencesBodySchema = z
  .object({
    rules: z.record(z.string(), z.boolean({ error: "must be true or false" })).default({}),
    dailySummary: z.boolean({ error: "must be true or false" }).optional(),
    dailySummaryWhenQuiet: z.boolean({ error: "must be true or false" }).optional(),
  })
  .strict()
  .meta({ id: "NotificationPreferences" });
export type PreferencesBody = z.infer<typeof preferencesBodySchema>;

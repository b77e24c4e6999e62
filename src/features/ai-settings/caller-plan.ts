import { LANGUAGES, WEEKDAY_LABELS, WEEKDAYS, type AfterHoursAction, type ClosedDay, type SettingsDocument, type TimeRange, type TransferRule, type Weekday } from "./settings.schema";
import { openAt, type OpenState } from "./hours";

/** What the product knows beside the document when building what callers hear. */
export type PlanContext = {
  /** The spend limit has switched the AI employee to "take a message only" this usage month. */
  messagesOnly: boolean;
  /** The business account's name (or the order's customer), for the prompt. */
  businessName: string;
  /** The AI employee's own number, E.164 or as stored. */
  phoneNumber: string;
};

/** The after-hours choices as the settings page names them. */
export const AFTER_HOURS_LABELS: Record<AfterHoursAction, string> = {
  message: "Take a message",
  transfer: "Transfer to a number",
  hours: "Tell callers the hours and end the call",
};

/**
 * The one description of what the AI employee does, from which both the
 * platform's prompt and tools (agent-spec.ts → src/features/voice-platform)
 * and the "What a caller hears" preview are built, so that the two cannot
 * disagree. Everything a caller can notice is decided here; the builders
 * only word it.
 */
export type CallerPlan = {
  doc: SettingsDocument;
  context: PlanContext;
  agentName: string;
  businessName: string;
  description: string;
  language: { code: SettingsDocument["language"]; label: string };
  timeZone: string;
  /** Spend limit reached: greeting and after hours are replaced by `messagesOnlyText`; no transfers, no booking. */
  messagesOnly: boolean;
  greeting: string;
  messagesOnlyText: string;
  /** Played before anything else, every call ("" plays nothing). */
  recording: { announcement: string; twoPartyConsent: boolean };
  /** Monday first; `text` as "09:00–17:00, 22:00–02:00 (until 02:00 on Saturday)" or "closed". */
  week: { weekday: Weekday; label: string; ranges: TimeRange[]; text: string }[];
  /** In date order. */
  closedDays: ClosedDay[];
  /** When closed: the action, and the text said for it. */
  afterHours: { action: AfterHoursAction; label: string; text: string; transferNumber: string | null };
  answers: SettingsDocument["answers"];
  /** Transfer rules in order; each applies only while open and not messages-only. */
  transferRules: TransferRule[];
  /** Booking offered while open: on in the settings, an event type chosen, and not messages-only. */
  booking: { on: boolean; eventTypeId: number | null };
};

/** "Thank you for calling <business>. We're only taking messages right now…": said instead of the greeting and the after-hours text. */
export function messagesOnlySentence(businessName: string, agentName: string): string {
  const calling = businessName ? `Thank you for calling ${businessName}, this is ${agentName}.` : `Thank you for calling, this is ${agentName}.`;
  return `${calling} We can only take messages right now. Please leave your name, your number and your message, and we'll get back to you.`;
}

function rangesText(day: Weekday, ranges: TimeRange[]): string {
  if (ranges.length === 0) return "closed";
  const next = WEEKDAY_LABELS[WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % 7]];
  return ranges.map((r) => (r.close < r.open && r.close !== "00:00" ? `${r.open}–${r.close} (until ${r.close} on ${next})` : `${r.open}–${r.close}`)).join(", ");
}

const byOpening = (a: TimeRange, b: TimeRange) => a.open.localeCompare(b.open);

export function callerPlan(doc: SettingsDocument, context: PlanContext): CallerPlan {
  const businessName = context.businessName.trim();
  const messagesOnly = context.messagesOnly;
  const text = { message: doc.afterHours.messageText, transfer: doc.afterHours.transferText, hours: doc.afterHours.hoursText }[doc.afterHours.action];
  return {
    doc,
    context,
    agentName: doc.name,
    businessName,
    description: doc.description,
    language: { code: doc.language, label: LANGUAGES.find((l) => l.value === doc.language)?.label ?? doc.language },
    timeZone: doc.timeZone,
    messagesOnly,
    greeting: doc.greeting,
    messagesOnlyText: messagesOnlySentence(businessName, doc.name),
    recording: { announcement: doc.recording.announcement, twoPartyConsent: doc.recording.twoPartyConsent },
    week: WEEKDAYS.map((weekday) => {
      const ranges = [...(doc.hours[weekday] ?? [])].sort(byOpening);
      return { weekday, label: WEEKDAY_LABELS[weekday], ranges, text: rangesText(weekday, ranges) };
    }),
    closedDays: [...doc.closedDays].sort((a, b) => a.date.localeCompare(b.date)),
    afterHours: {
      action: doc.afterHours.action,
      label: AFTER_HOURS_LABELS[doc.afterHours.action],
      text,
      transferNumber: doc.afterHours.action === "transfer" ? doc.afterHours.transferNumber : null,
    },
    answers: doc.answers,
    transferRules: doc.transferRules,
    booking: { on: doc.booking.enabled && doc.booking.eventTypeId !== null && !messagesOnly, eventTypeId: doc.booking.eventTypeId },
  };
}

/** What a caller hears at one instant (GET /api/ai-employees/{id}/preview). */
export type CallerPreview = {
  at: string;
  timeZone: string;
  /** "Saturday 22:00" in the business's time zone. */
  localTime: string;
  open: boolean;
  closedDay: { date: string; label: string } | null;
  /** The first thing the caller hears: the greeting when open, else the greeting then the after-hours text; messages-only replaces both. */
  spoken: { kind: "greeting" | "after-hours" | "messages-only"; text: string };
  /** Closed: what happens (take a message, transfer, tell the hours); null when open. */
  afterHours: { action: AfterHoursAction; transferNumber: string | null } | null;
  /** The transfer rules that apply now (none when closed or messages-only). */
  transferRules: Pick<TransferRule, "label" | "when">[];
  bookingOn: boolean;
  messagesOnly: boolean;
  /** The recording announcement played first ("" when none). */
  recordingAnnouncement: string;
  state: OpenState;
};

/**
 * The preview at `at`, computed from the plan. Messages-only wins over
 * everything: the messages-only sentence, no after-hours action (the caller
 * leaves a message whatever the after-hours choice is), no transfers, no
 * booking. Closed: the after-hours text for the chosen action, and no
 * transfer rules (an after-hours transfer shows in `afterHours`). Open: the
 * greeting, every transfer rule, and booking as set.
 */
export function previewAt(plan: CallerPlan, at: Date): CallerPreview {
  const state = openAt(plan.doc, at);
  const base = {
    at: at.toISOString(),
    timeZone: plan.timeZone,
    localTime: `${WEEKDAY_LABELS[state.weekday]} ${state.localTime}`,
    open: state.open,
    closedDay: state.closedDay ? { date: state.closedDay.date, label: state.closedDay.label } : null,
    messagesOnly: plan.messagesOnly,
    recordingAnnouncement: plan.recording.announcement,
    state,
  };
  if (plan.messagesOnly) return { ...base, spoken: { kind: "messages-only", text: plan.messagesOnlyText }, afterHours: null, transferRules: [], bookingOn: false };
  if (!state.open)
    return {
      ...base,
      // The platform's begin message is the greeting at every hour; the agent says the after-hours text right after it (agent-prompt.ts).
      spoken: { kind: "after-hours", text: `${plan.greeting} ${plan.afterHours.text}` },
      afterHours: { action: plan.afterHours.action, transferNumber: plan.afterHours.transferNumber },
      transferRules: [],
      bookingOn: false,
    };
  return {
    ...base,
    spoken: { kind: "greeting", text: plan.greeting },
    afterHours: null,
    transferRules: plan.transferRules.map((r) => ({ label: r.label, when: r.when })),
    bookingOn: plan.booking.on,
  };
}

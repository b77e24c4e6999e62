import type { AfterHoursAction, SettingsDocument, TransferRule } from "./settings.schema";
import type { OpenState } from "./hours";

/** What the product knows beside the document when building what callers hear. */
export type PlanContext = {
  /** The spend limit has switched the AI employee to "take a message only" this usage month. */
  messagesOnly: boolean;
  /** The business account's name (or the order's customer), for the prompt. */
  businessName: string;
  /** The AI employee's own number, E.164 or as stored. */
  phoneNumber: string;
};

/**
 * CONTRACT (helper "engine" builds it): the one description of what the AI
 * employee does, from which both the platform's prompt and tools
 * (src/features/voice-platform) and the "What a caller hears" preview are
 * built, so that the two cannot disagree.
 */
export type CallerPlan = {
  doc: SettingsDocument;
  context: PlanContext;
};

export function callerPlan(doc: SettingsDocument, context: PlanContext): CallerPlan {
  return { doc, context };
}

/** What a caller hears at one instant (GET /api/ai-employees/{id}/preview). */
export type CallerPreview = {
  at: string;
  timeZone: string;
  /** "Saturday 22:00" in the business's time zone. */
  localTime: string;
  open: boolean;
  closedDay: { date: string; label: string } | null;
  /** The first thing the caller hears: the greeting when open, else the after-hours text; messages-only replaces both. */
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

/** CONTRACT: the preview at `at`, computed from the plan. */
export function previewAt(plan: CallerPlan, at: Date): CallerPreview {
  void plan;
  void at;
  throw new Error("previewAt: not built yet");
}

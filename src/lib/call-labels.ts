import type { INTERACTION_CHANNELS, INTERACTION_OUTCOMES } from "@/db/schema/enums";

/**
 * How a call's channel and outcome read (the call log, the per-call
 * notifications of issue 25, the daily summary): one table for every view.
 */
export const CHANNEL_LABEL: Record<(typeof INTERACTION_CHANNELS)[number], string> = { phone: "Phone", sms: "SMS", chat: "Web chat", social: "Social" };

export const OUTCOME_LABEL: Record<(typeof INTERACTION_OUTCOMES)[number], string> = {
  answered: "Answered",
  voicemail: "Voicemail",
  no_answer: "No answer",
  busy: "Busy",
  failed: "Failed",
  spam: "Spam",
  transferred: "Transferred",
};

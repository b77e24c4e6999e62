import type { RuleCondition } from "./rule.schema";

/** What a rule's condition looks at in a call. */
export type CallFacts = {
  direction: "inbound" | "outbound";
  outcome: "answered" | "voicemail" | "no_answer" | "busy" | "failed" | "spam" | "transferred";
  tags: readonly string[];
  appointmentBooked: boolean;
  summary: string | null;
};

/** Tags that make a call a lead (leads_and_bookings), compared without case. */
export const LEAD_TAGS = ["lead", "appointment-requested"] as const;
export const URGENT_TAG = "urgent";
const MISSED = ["no_answer", "busy", "failed"];

const hasTag = (tags: readonly string[], wanted: readonly string[]) => tags.some((t) => wanted.includes(t.trim().toLowerCase()));

/**
 * Whether `phrase` occurs in `text` as whole words, without regard to case:
 * "roof leak" matches "A roof  leak in the attic" but "lead" does not match
 * "leader". Spaces in the phrase match any run of white space.
 */
export function summaryMentions(text: string | null, phrase: string | null): boolean {
  const words = phrase?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (!text || words.length === 0) return false;
  const body = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, "iu").test(text);
}

/**
 * Whether a rule's condition holds for a call (issue 25):
 * - every_call: always;
 * - leads_and_bookings: an appointment was booked, or the call is tagged
 *   "lead" or "appointment-requested";
 * - missed_and_voicemail: a voicemail, or an inbound call nobody answered
 *   (no answer, busy, failed);
 * - urgent: tagged "urgent";
 * - phrase: the word or phrase is in the summary (whole words, any case);
 *   never while the call has no summary.
 */
export function conditionMatches(rule: { condition: RuleCondition; phrase: string | null }, call: CallFacts): boolean {
  switch (rule.condition) {
    case "every_call":
      return true;
    case "leads_and_bookings":
      return call.appointmentBooked || hasTag(call.tags, LEAD_TAGS);
    case "missed_and_voicemail":
      return call.outcome === "voicemail" || (call.direction === "inbound" && MISSED.includes(call.outcome));
    case "urgent":
      return hasTag(call.tags, [URGENT_TAG]);
    case "phrase":
      return summaryMentions(call.summary, rule.phrase);
  }
}

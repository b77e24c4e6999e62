/**
 * The "needs attention" inbox (issue 23, ADR 0115), shared by the server and
 * the dashboard. A caller who asked for an appointment that was not booked is
 * a record tagged `appointment-requested` with `appointmentBooked` false; an
 * urgent one is tagged `urgent` (ADR 0115).
 */
export const APPOINTMENT_REQUESTED_TAG = "appointment-requested";
export const URGENT_TAG = "urgent";

export type AttentionReason = "spam_review" | "urgent" | "missed_call" | "voicemail" | "appointment_requested" | "transferred";

/** What the inbox says of each reason. */
export const REASON_LABEL: Record<AttentionReason, string> = {
  spam_review: "Spam report waiting for review",
  urgent: "Urgent",
  missed_call: "Missed call",
  voicemail: "Voicemail not yet returned",
  appointment_requested: "Asked for an appointment, not booked",
  transferred: "Transferred call",
};

export type HandledMark = { at: string; by: string };

export type AttentionItem = {
  /** The call's id (/calls/<id>). */
  id: string;
  /** The first of `reasons`: what the inbox names it by. */
  reason: AttentionReason;
  reasons: AttentionReason[];
  startedAt: string;
  channel: string;
  direction: "inbound" | "outbound";
  outcome: string;
  /** The number to call back (the caller's, or the one called); null when unknown or anonymised. */
  callBack: string | null;
  /** The same number as people read it: national format for the account's country (issue 23). */
  callBackDisplay: string | null;
  /** Its `tel:` link (E.164 when it parses); null when unknown. */
  callBackHref: string | null;
  summary: string | null;
  aiEmployeeName: string | null;
  handled: HandledMark | null;
};

export type TodayTotals = { date: string; timeZone: string; calls: number; bookings: number; missedCalls: number; units: number };

export type AttentionResponse = {
  /** Open items, newest first (at most 50; `openCount` counts them all). */
  items: AttentionItem[];
  openCount: number;
  /** Handled in the last 7 days, the last handled first. */
  handled: AttentionItem[];
  today: TodayTotals;
  /** Whether the account has any call, text or chat yet (the first-time dashboard). */
  hasCalls: boolean;
};

type ReasonFields = { channel: string; direction: string; outcome: string; tags: string[]; appointmentBooked: boolean; spamReview: string | null };

/** Why a record needs a person, most pressing first (the same rule as the server's SQL). */
export function attentionReasons(r: ReasonFields): AttentionReason[] {
  const out: AttentionReason[] = [];
  const inboundCall = r.channel === "phone" && r.direction === "inbound";
  if (r.spamReview === "pending") out.push("spam_review");
  if (r.tags.includes(URGENT_TAG)) out.push("urgent");
  if (inboundCall && ["no_answer", "busy", "failed"].includes(r.outcome)) out.push("missed_call");
  if (inboundCall && r.outcome === "voicemail") out.push("voicemail");
  if (r.tags.includes(APPOINTMENT_REQUESTED_TAG) && !r.appointmentBooked) out.push("appointment_requested");
  if (r.outcome === "transferred") out.push("transferred");
  return out;
}

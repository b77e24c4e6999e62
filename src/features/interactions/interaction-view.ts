import type { TranscriptTurn } from "@/db/schema/interactions";
import type { Channel, Outcome, UnitRule } from "./units";

/**
 * One call, text conversation or chat as the customer's call log shows it
 * (GET /api/interactions). Units are decimal (0.15, 2); a record reported as
 * spam counts 0 and `creditedUnits` holds what it had.
 */
export type InteractionItem = {
  id: string;
  startedAt: string;
  channel: Channel;
  direction: "inbound" | "outbound";
  outcome: Outcome;
  aiEmployeeId: string;
  aiEmployeeName: string;
  /** The caller's name when the AI employee or the platform gave one (else the list shows the number). */
  callerName: string | null;
  from: string | null;
  to: string | null;
  durationSeconds: number | null;
  agentMessages: number | null;
  units: number;
  /** The units a spam report credited (null unless reported). */
  creditedUnits: number | null;
  unitRule: UnitRule;
  unitRuleText: string;
  summary: string | null;
  appointmentBooked: boolean;
  tags: string[];
  /** When a spam report credited it (the customer's own, or one an admin approved). */
  spamReportedAt: string | null;
  /** A spam report past the month's self-service credit: waiting for an admin, or their decision (ADR 0105). */
  spamReview: "pending" | "approved" | "declined" | null;
  canReportSpam: boolean;
};

/** The detail view (GET /api/interactions/<id>): the transcript and a signed, same-origin recording URL valid 15 minutes. */
/** One record in full; `sessionId` is the sender's own id for it (the platform's session id, issue 21). */
/** `recordingAnnounced`: whether the recording announcement was played at the call's start (issue 24); null when the platform did not say. */
export type InteractionDetail = InteractionItem & { sessionId: string; transcript: TranscriptTurn[]; recordingUrl: string | null; recordingAnnounced: boolean | null };

export type InteractionPage = { items: InteractionItem[]; nextCursor: string | null };

/** The call log's filters as the query string carries them ("" when not set). */
export type CallFilterValues = { q: string; channel: string; direction: string; outcome: string; aiEmployeeId: string; from: string; to: string; needsFollowUp: string; appointmentBooked: string };

export const NO_FILTERS: CallFilterValues = { q: "", channel: "", direction: "", outcome: "", aiEmployeeId: "", from: "", to: "", needsFollowUp: "", appointmentBooked: "" };

// The labels live in lib: the notifications of issue 25 show them too.
export { CHANNEL_LABEL, OUTCOME_LABEL } from "@/lib/call-labels";

export const DIRECTION_LABEL = { inbound: "Inbound", outbound: "Outbound" } as const;

/** The values of a label table, in its order (the filters' options). */
export function choices<K extends string>(labels: Record<K, string>): K[] {
  return Object.keys(labels) as K[];
}

/** A call's length as "1:35" (or "1:02:05"); "" for text channels. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "";
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

/** Units as the customer reads them: "1 unit", "0.15 units". */
export function formatUnitCount(units: number): string {
  return `${units} ${units === 1 ? "unit" : "units"}`;
}

/** A transcript turn's ISO timestamp as the detail page's clock in `timeZone` ("15:50:31"); null when `at` is not an ISO timestamp. */
export function turnClock(at: string, timeZone = "UTC"): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(at)) return null;
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) return null;
  return new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZone }).format(ms);
}

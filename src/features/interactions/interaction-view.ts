import type { z } from "@/lib/zod";
import { formatUnits } from "@/lib/format";
import type { interactionDetailSchema, interactionItemSchema, interactionPageSchema } from "./interaction-view.schema";

/**
 * One call, text conversation or chat as the customer's call log shows it
 * (GET /api/interactions). Units are decimal (0.15, 2); a record reported as
 * spam counts 0 and `creditedUnits` holds what it had. The shapes are the
 * zod schemas' of interaction-view.schema.ts (the OpenAPI document's too).
 */
export type InteractionItem = z.infer<typeof interactionItemSchema>;

/**
 * The detail view (GET /api/interactions/<id>): the record in full, with its
 * transcript, a signed same-origin recording URL valid 15 minutes, the
 * sender's own id (`sessionId`) and whether the recording announcement was
 * played (`recordingAnnounced`, null when the platform did not say).
 */
export type InteractionDetail = z.infer<typeof interactionDetailSchema>;

export type InteractionPage = z.infer<typeof interactionPageSchema>;

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
  return `${formatUnits(units)} ${units === 1 ? "unit" : "units"}`;
}

/** A transcript turn's ISO timestamp as the detail page's clock in `timeZone` ("15:50:31"); null when `at` is not an ISO timestamp. */
export function turnClock(at: string, timeZone = "UTC"): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(at)) return null;
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) return null;
  return new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZone }).format(ms);
}

import type { interactions } from "@/db/schema";
import type { AppointmentBookedData, CallEventData, CallUpdatedData } from "./events.schema";
import { MAX_PAYLOAD_BYTES } from "./event-types";
import { longestFittingPrefix } from "./longest-prefix";

/**
 * The data of the call events (call.completed, call.updated,
 * appointment.booked) from a stored interaction: ids, the summary, the
 * outcome, units and links to the API for the rest, never the transcript
 * (the API's /api/interactions/<id> gives it to a key or a member).
 */

/** The columns of an interactions row the call events read. */
export type CallRow = Pick<
  typeof interactions.$inferSelect,
  | "id"
  | "aiReadyOrderId"
  | "channel"
  | "direction"
  | "outcome"
  | "startedAt"
  | "durationMs"
  | "fromNumber"
  | "toNumber"
  | "callerName"
  | "summary"
  | "appointmentBooked"
  | "tags"
  | "unitsMilli"
  | "spamReportedAt"
>;

/** What the change of a call.updated was. */
export type CallChange = CallUpdatedData["changes"][number];

/** Room kept for the envelope (`{"type":…,"timestamp":…,"data":…}`) and call.updated's `changes`. */
const ENVELOPE_ROOM = 256;

const links = (id: string, baseUrl: string) => ({ api: `${baseUrl}/api/interactions/${encodeURIComponent(id)}`, portal: `${baseUrl}/calls/${encodeURIComponent(id)}` });

/** call.completed's data (and call.updated's, without `changes`). */
export function callEventData(row: CallRow, baseUrl: string): CallEventData {
  return withinPayloadLimit({
    id: row.id,
    aiEmployeeId: row.aiReadyOrderId,
    channel: row.channel,
    direction: row.direction,
    outcome: row.outcome,
    startedAt: row.startedAt.toISOString(),
    durationSeconds: row.durationMs === null ? null : row.durationMs / 1000,
    from: row.fromNumber,
    to: row.toNumber,
    callerName: row.callerName,
    summary: row.summary,
    appointmentBooked: row.appointmentBooked,
    tags: row.tags,
    // Units counted, as the API shows them: a call reported as spam is credited (0).
    units: row.spamReportedAt === null ? row.unitsMilli / 1000 : 0,
    spamReported: row.spamReportedAt !== null,
    links: links(row.id, baseUrl),
  });
}

/** call.updated's data: the call as it is now and what changed. */
export function callUpdatedData(row: CallRow, changes: CallChange[], baseUrl: string): CallUpdatedData {
  return { ...callEventData(row, baseUrl), changes };
}

/** appointment.booked's data. */
export function appointmentBookedData(row: CallRow, baseUrl: string): AppointmentBookedData {
  return withinPayloadLimit({
    callId: row.id,
    aiEmployeeId: row.aiReadyOrderId,
    startedAt: row.startedAt.toISOString(),
    callerName: row.callerName,
    from: row.fromNumber,
    summary: row.summary,
    links: links(row.id, baseUrl),
  });
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

/**
 * Payloads stay under MAX_PAYLOAD_BYTES (20 KB): a summary (up to 10,000
 * characters, more bytes once encoded) that would pass it is cut, at a whole
 * character, and ends with "…". Everything else in a call's data is short.
 */
export function withinPayloadLimit<T extends { summary: string | null }>(data: T): T {
  const limit = MAX_PAYLOAD_BYTES - ENVELOPE_ROOM;
  if (data.summary === null || bytes(data) <= limit) return data;
  const chars = [...data.summary];
  const cut = (n: number) => ({ ...data, summary: `${chars.slice(0, n).join("")}…` });
  // The longest cut that fits (0 characters always does: the rest is bounded far below the limit).
  return cut(longestFittingPrefix(chars.length, (n) => bytes(cut(n)) <= limit));
}

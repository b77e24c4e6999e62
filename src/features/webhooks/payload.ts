import { EVENT_DATA_SCHEMAS } from "./events.schema";
import { MAX_PAYLOAD_BYTES, type WebhookEventType } from "./event-types";
import { longestFittingPrefix } from "./longest-prefix";

/** The body of every delivery (Standard Webhooks' recommended shape). */
export type EventEnvelope = { type: WebhookEventType; timestamp: string; data: Record<string, unknown> };

export type BuiltPayload = { ok: true; envelope: EventEnvelope; bytes: number; summaryShortened: boolean } | { ok: false; error: string };

const ELLIPSIS = "…";

const sizeOf = (envelope: EventEnvelope) => Buffer.byteLength(JSON.stringify(envelope), "utf8");

/**
 * The envelope `{ type, timestamp, data }` of one event: `data` checked
 * against its type's schema (which also drops any field the schema does not
 * name, such as a transcript). A body over MAX_PAYLOAD_BYTES has its
 * `summary` shortened (ending in "…") until it fits, or set to null; an
 * event that still does not fit, or whose data does not match, is an error
 * the caller logs (it never fails the caller's transaction).
 */
export function buildEventPayload(type: WebhookEventType, data: unknown, at: Date, maxBytes: number = MAX_PAYLOAD_BYTES): BuiltPayload {
  const parsed = EVENT_DATA_SCHEMAS[type].safeParse(data);
  if (!parsed.success) {
    return { ok: false, error: `${type} data does not match its schema: ${parsed.error.issues.map((i) => `${i.path.join(".") || "data"}: ${i.message}`).join("; ")}` };
  }
  const envelope: EventEnvelope = { type, timestamp: at.toISOString(), data: parsed.data as Record<string, unknown> };
  const bytes = sizeOf(envelope);
  if (bytes <= maxBytes) return { ok: true, envelope, bytes, summaryShortened: false };

  const summary = envelope.data.summary;
  if (typeof summary === "string") {
    const chars = Array.from(summary);
    const withSummary = (n: number): EventEnvelope => ({ ...envelope, data: { ...envelope.data, summary: n > 0 ? chars.slice(0, n).join("") + ELLIPSIS : null } });
    const shortened = withSummary(longestFittingPrefix(chars.length, (n) => sizeOf(withSummary(n)) <= maxBytes));
    const size = sizeOf(shortened);
    if (size <= maxBytes) return { ok: true, envelope: shortened, bytes: size, summaryShortened: true };
  }
  return { ok: false, error: `${type} payload is ${bytes} bytes, more than ${maxBytes} even without its summary` };
}

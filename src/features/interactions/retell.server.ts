import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { interactions, type TranscriptTurn } from "@/db/schema";
import type { InteractionRecord } from "./record.schema";
import type { Outcome } from "./units";

/** How far the signature's timestamp may be from our clock (the SDK's FIVE_MINUTES). */
export const RETELL_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

/** The events whose call we store (ADR 0101); every other event is answered 204 and ignored. */
export const RETELL_STORED_EVENTS = ["call_ended", "call_analyzed"] as const;

/**
 * Checks `x-retell-signature: v=<unix ms>,d=<hex>` over the raw request body.
 * The scheme of Retell's SDK (RetellAI/retell-typescript-sdk, src/lib/webhook_auth.ts,
 * release 5.60.0): d = hex HMAC-SHA256, keyed with the Retell API key, of the raw
 * body followed by the timestamp as a decimal number; refused when the timestamp
 * is more than five minutes from now. The digest is compared in constant time.
 */
export function verifyRetellSignature(rawBody: string, header: string | null, apiKey: string, now = Date.now()): boolean {
  const match = /^v=(\d+),d=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > RETELL_SIGNATURE_TOLERANCE_MS) return false;
  const expected = createHmac("sha256", apiKey).update(rawBody + String(timestamp), "utf8").digest();
  const given = Buffer.from(match[2]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The parts of Retell's call object (src/resources/call.ts of the SDK) that we read; everything is optional on the wire. */
export type RetellCall = {
  call_id: string;
  call_type?: "phone_call" | "web_call";
  direction?: "inbound" | "outbound";
  from_number?: string;
  to_number?: string;
  start_timestamp?: number;
  end_timestamp?: number;
  duration_ms?: number;
  transcript?: string;
  transcript_object?: Array<{ role?: string; content?: string; words?: Array<{ start?: number }> }>;
  recording_url?: string;
  disconnection_reason?: string;
  call_analysis?: { call_summary?: string; in_voicemail?: boolean; user_sentiment?: string; call_successful?: boolean };
  metadata?: unknown;
  agent_id?: string;
};

export type RetellEvent = { event: string; call: RetellCall };

/** `{event, call}` with a call id, else null (the body is not a Retell webhook event). */
export function parseRetellEvent(body: unknown): RetellEvent | null {
  if (!isObject(body) || typeof body.event !== "string" || !isObject(body.call)) return null;
  const callId = body.call.call_id;
  if (typeof callId !== "string" || callId.trim() === "") return null;
  return body as RetellEvent;
}

/** A Retell call as an ingestion record (still to be validated by ingestInteractions). */
export type RetellRecord = Partial<InteractionRecord> & { id: string };

/** Our record id for a Retell call: the idempotency key of call_ended and call_analyzed alike. */
export const retellRecordId = (callId: string) => `retell:${callId}`;

const OUTCOME_BY_REASON: Record<string, Outcome> = {
  voicemail_reached: "voicemail",
  dial_busy: "busy",
  dial_no_answer: "no_answer",
  dial_failed: "failed",
  invalid_destination: "failed",
  marked_as_spam: "spam",
  scam_detected: "spam",
  call_transfer: "transferred",
  transfer_bridged: "transferred",
};

/** The outcome of a call by its disconnection reason (and the analysis's voicemail flag); anything else is answered. */
export function retellOutcome(call: RetellCall): Outcome {
  const byReason = call.disconnection_reason ? OUTCOME_BY_REASON[call.disconnection_reason] : undefined;
  if (byReason) return byReason;
  if (call.call_analysis?.in_voicemail === true) return "voicemail";
  return "answered";
}

/**
 * A Retell call as a record of the ingestion API (`POST /api/v1/interactions`),
 * for ingestInteractions(), which validates it like any other. A phone call is a
 * phone record; a web call is a chat whose agent messages are the agent's turns.
 * The AI employee is `metadata.aiEmployeeId` when given, else the AI's own number:
 * the number called on an inbound call, the caller's on an outbound one.
 * `receivedAt` stands in for a call that never started (no timestamps at all).
 */
export function retellCallRecord(call: RetellCall, receivedAt = Date.now()): RetellRecord {
  const web = call.call_type === "web_call";
  const direction = web ? "inbound" : call.direction === "outbound" ? "outbound" : "inbound";
  const start = num(call.start_timestamp) ?? num(call.end_timestamp) ?? receivedAt;
  const durationMs = num(call.duration_ms) ?? (num(call.start_timestamp) !== undefined && num(call.end_timestamp) !== undefined ? call.end_timestamp! - call.start_timestamp! : 0);
  const transcript = retellTranscript(call, start);
  const aiEmployeeId = isObject(call.metadata) && typeof call.metadata.aiEmployeeId === "string" && call.metadata.aiEmployeeId ? call.metadata.aiEmployeeId : undefined;
  const aiPhoneNumber = str(direction === "outbound" ? call.from_number : call.to_number);
  const summary = str(call.call_analysis?.call_summary);
  const recordingUrl = str(call.recording_url);
  return {
    id: retellRecordId(call.call_id),
    channel: web ? "chat" : "phone",
    direction,
    startedAt: new Date(start).toISOString(),
    durationSeconds: Math.max(0, durationMs) / 1000,
    outcome: retellOutcome(call),
    ...(aiEmployeeId ? { aiEmployeeId } : aiPhoneNumber ? { aiPhoneNumber } : {}),
    ...(web ? { agentMessages: (transcript ?? []).filter((t) => t.speaker === "agent").length } : {}),
    ...(str(call.from_number) ? { from: call.from_number } : {}),
    ...(str(call.to_number) ? { to: call.to_number } : {}),
    ...(summary ? { summary } : {}),
    ...(transcript ? { transcript } : {}),
    ...(recordingUrl && /^https:\/\//i.test(recordingUrl) ? { recordingUrl } : {}),
  };
}

/**
 * The call's turns from `transcript_object`: the user is the caller, the agent
 * and a transfer target are the agent's side. `at` is the turn's wall-clock time
 * when the words carry their offset. Null when there is no turn.
 */
function retellTranscript(call: RetellCall, start: number): TranscriptTurn[] | null {
  if (!Array.isArray(call.transcript_object)) return null;
  const turns: TranscriptTurn[] = [];
  for (const u of call.transcript_object) {
    if (!isObject(u) || typeof u.content !== "string" || u.content.trim() === "") continue;
    const offset = Array.isArray(u.words) && isObject(u.words[0]) ? num(u.words[0].start) : undefined;
    turns.push({
      speaker: u.role === "user" ? "caller" : "agent",
      text: u.content,
      ...(offset !== undefined && num(call.start_timestamp) !== undefined ? { at: new Date(start + Math.round(offset * 1000)).toISOString() } : {}),
    });
  }
  return turns.length ? turns : null;
}

/**
 * call_analyzed after call_ended: the stored record gets the analysis's summary,
 * and the transcript when it had none. Nothing else changes (units, outcome and
 * month stay as first stored). Only a Retell record not anonymized by retention
 * is touched, and a summary already there is kept, so a replay changes nothing.
 * True when the record changed.
 */
export async function applyRetellAnalysis(id: string, analysis: { summary?: string; transcript?: TranscriptTurn[] }): Promise<boolean> {
  if (!analysis.summary && !analysis.transcript) return false;
  const db = await getDb();
  const summary = analysis.summary ?? null;
  const transcript = analysis.transcript ? JSON.stringify(analysis.transcript) : null;
  const changed = await db
    .update(interactions)
    .set({
      summary: sql`coalesce(${interactions.summary}, ${summary}::text)`,
      transcript: sql`coalesce(${interactions.transcript}, ${transcript}::jsonb)`,
    })
    .where(
      and(
        eq(interactions.id, id),
        eq(interactions.source, "retell"),
        isNull(interactions.anonymizedAt),
        sql`(${interactions.summary} is null and ${summary}::text is not null) or (${interactions.transcript} is null and ${transcript}::jsonb is not null)`,
      ),
    )
    .returning({ id: interactions.id });
  return changed.length > 0;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
}

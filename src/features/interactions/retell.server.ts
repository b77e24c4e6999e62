import "server-only";
import { AGENT_TOOL_NAMES } from "@/features/ai-settings/agent-prompt";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { subscriptionById } from "@/features/billing/account-subscriptions.server";
import { interactions, type TranscriptTurn } from "@/db/schema";
import { getProvider } from "@/features/billing/provider";
import { usageMonthEnd } from "@/features/usage/usage-month";
import { enqueueCallAlertsForSummary } from "@/features/call-alerts/enqueue.server";
import { loadClosedMonths } from "./closed-months.server";
import { RETELL_SOURCE } from "./ingest-source";
import { markMetersDirty, meterCategory } from "./meter-report.server";
import { TEST_CALL_UNITS, toUnits, unitsFor } from "@/features/plans/units";
import { MAX_CALLER_NAME, type InteractionRecord } from "./record.schema";
import type { Outcome } from "@/features/plans/units";
import { emitWebhookEvents } from "@/features/webhooks/emit.server";
import { analysisEvents, callEventColumns } from "./call-events.server";

/** How far the signature's timestamp may be from our clock (the SDK's FIVE_MINUTES). */
export const RETELL_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

/** The events whose call we store (ADR 0148); every other event is answered 204 and ignored. */
export const RETELL_STORED_EVENTS = ["call_ended", "call_analyzed"] as const;

/**
 * The signature header `v=<unix ms>,d=<hex>` when well formed and its
 * timestamp within five minutes of now, else null. Checked before the body is
 * read (issue 21): a request without a fresh header is refused before its
 * body is buffered.
 */
export function parseRetellSignature(header: string | null, now = Date.now()): { timestamp: number; digest: Buffer } | null {
  const match = /^v=(\d+),d=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match) return null;
  const timestamp = Number(match[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > RETELL_SIGNATURE_TOLERANCE_MS) return null;
  return { timestamp, digest: Buffer.from(match[2]!, "hex") };
}

/**
 * Checks `x-retell-signature: v=<unix ms>,d=<hex>` over the raw request body.
 * The scheme of Retell's SDK (RetellAI/retell-typescript-sdk, src/lib/webhook_auth.ts,
 * release 5.60.0): d = hex HMAC-SHA256, keyed with the Retell API key, of the raw
 * body followed by the timestamp as a decimal number; refused when the timestamp
 * is more than five minutes from now. The digest is compared in constant time.
 */
export function verifyRetellSignature(rawBody: string, header: string | null, apiKey: string, now = Date.now()): boolean {
  const signature = parseRetellSignature(header, now);
  if (!signature) return false;
  const expected = createHmac("sha256", apiKey)
    .update(rawBody + String(signature.timestamp), "utf8")
    .digest();
  return signature.digest.length === expected.length && timingSafeEqual(signature.digest, expected);
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
  /** Where the call was transferred: a number or a SIP URI ("sip:…", perhaps with ";transport=…"); only with call_transfer (retell-typescript-sdk src/resources/call.ts). */
  transfer_destination?: string | null;
  /** `custom_analysis_data`: the fields the agent's post-call analysis extracts, named by whoever set the agent up (the SDK types it `unknown`). */
  call_analysis?: { call_summary?: string; in_voicemail?: boolean; user_sentiment?: string; call_successful?: boolean; custom_analysis_data?: unknown };
  metadata?: unknown;
  /**
   * The transcript with the agent's tool calls (retell-typescript-sdk
   * src/resources/call.ts, ToolCallInvocationUtterance / ToolCallResultUtterance):
   * issue 24 reads whether its booking tool booked.
   */
  transcript_with_tool_calls?: Array<{ role?: string; name?: string; tool_call_id?: string; successful?: boolean }>;
  /** The call's dynamic variables (the SDK types values as strings); issue 24 reads `recording_announced`. */
  retell_llm_dynamic_variables?: unknown;
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

/**
 * Retell's disconnection reasons (the SDK's `disconnection_reason` in
 * src/resources/call.ts) and the outcome each means for units (spec 9). Only
 * the reasons listed as answered count as an answered call: a reason we do
 * not know is a failed dial (0.02 units), never a charged call (issue 21).
 */
const OUTCOME_BY_REASON: Record<string, Outcome> = {
  // The caller and the AI employee spoke.
  user_hangup: "answered",
  agent_hangup: "answered",
  inactivity: "answered",
  max_duration_reached: "answered",
  error_llm_websocket_lost_connection: "answered",
  error_llm_websocket_runtime: "answered",
  error_llm_websocket_corrupt_payload: "answered",
  error_no_audio_received: "answered",
  error_asr: "answered",
  call_transfer: "transferred",
  transfer_bridged: "transferred",
  voicemail_reached: "voicemail",
  marked_as_spam: "spam",
  scam_detected: "spam",
  // Nobody answered, or the call never connected.
  dial_busy: "busy",
  dial_no_answer: "no_answer",
  user_declined: "no_answer",
  registered_call_timeout: "no_answer",
  error_user_not_joined: "no_answer",
  dial_failed: "failed",
  invalid_destination: "failed",
  telephony_provider_permission_denied: "failed",
  telephony_provider_unavailable: "failed",
  sip_routing_error: "failed",
  concurrency_limit_reached: "failed",
  no_valid_payment: "failed",
  error_llm_websocket_open: "failed",
};

/**
 * The outcome of a call by its disconnection reason; the analysis's voicemail
 * flag makes an answered call a voicemail. An unknown or missing reason is a
 * failed dial (a web call, a chat, stays answered).
 */
export function retellOutcome(call: RetellCall): Outcome {
  const byReason = call.disconnection_reason ? OUTCOME_BY_REASON[call.disconnection_reason] : undefined;
  if (call.call_analysis?.in_voicemail === true && (byReason === "answered" || byReason === undefined)) return "voicemail";
  // A web call is a chat: its units follow its messages, and no dial can fail.
  return byReason ?? (call.call_type === "web_call" ? "answered" : "failed");
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
  const callerName = retellCallerName(call);
  const recordingUrl = str(call.recording_url);
  const recordingAnnounced = retellRecordingAnnounced(call);
  const appointmentBooked = retellBookedAppointment(call);
  const transferDestination = retellTransferDestination(call);
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
    ...(callerName ? { callerName } : {}),
    ...(transcript ? { transcript } : {}),
    ...(recordingUrl && /^https:\/\//i.test(recordingUrl) ? { recordingUrl } : {}),
    ...(recordingAnnounced === undefined ? {} : { recordingAnnounced }),
    ...(appointmentBooked ? { appointmentBooked } : {}),
    ...(transferDestination ? { transferDestination } : {}),
  };
}

/** Where Retell says the call was transferred (issue 26): the number, or the SIP URI without its transport part; undefined when not said. */
export function retellTransferDestination(call: RetellCall): string | undefined {
  const raw = str(call.transfer_destination);
  return raw ? raw.replace(/;transport=[a-z]+$/i, "").slice(0, 200) : undefined;
}

/**
 * Whether the AI employee booked an appointment on the call (issue 24): its
 * booking tool (`book_appointment`, the name agent-prompt.ts gives Cal.com's
 * book_appointment_cal tool) was invoked and its result was not marked
 * unsuccessful. The call log shows it as "Appointment booked".
 */
export function retellBookedAppointment(call: RetellCall): boolean {
  const turns = Array.isArray(call.transcript_with_tool_calls) ? call.transcript_with_tool_calls : [];
  const bookings = new Set(
    turns.filter((t) => isObject(t) && t.role === "tool_call_invocation" && t.name === AGENT_TOOL_NAMES.bookAppointment && typeof t.tool_call_id === "string").map((t) => t.tool_call_id),
  );
  return turns.some((t) => isObject(t) && t.role === "tool_call_result" && bookings.has(t.tool_call_id) && t.successful !== false);
}

/**
 * Whether the recording announcement was played (issue 24, ADR 0124). Retell
 * has no field of its own for it; the call carries what we set on it when it
 * was placed or answered: `metadata.recordingAnnounced` (a boolean, ours), else
 * the dynamic variable `recording_announced` ("true" or "false": Retell's
 * dynamic variables are strings). Anything else: not known (undefined).
 */
export function retellRecordingAnnounced(call: RetellCall): boolean | undefined {
  if (isObject(call.metadata) && typeof call.metadata.recordingAnnounced === "boolean") return call.metadata.recordingAnnounced;
  const vars = call.retell_llm_dynamic_variables;
  const value = isObject(vars) ? vars.recording_announced : undefined;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
}

/**
 * The analysis fields that carry the caller's name (ADR 0117): the post-call
 * analysis of our AI employees extracts a text field `caller_name`; the other
 * spellings are what a setup made by hand tends to use. The first text one wins.
 */
export const RETELL_CALLER_NAME_FIELDS = ["caller_name", "callerName", "customer_name"] as const;

/**
 * The caller's name from the call's analysis (custom_analysis_data): one line,
 * trimmed, cut to the record's limit (a long name never costs us the call);
 * undefined when none is given.
 */
export function retellCallerName(call: RetellCall): string | undefined {
  const data = call.call_analysis?.custom_analysis_data;
  if (!isObject(data)) return undefined;
  for (const key of RETELL_CALLER_NAME_FIELDS) {
    // Cut by UTF-16 units, as the record's limit counts; a half emoji at the cut is dropped.
    const value = str(data[key])
      ?.replace(/\p{Cc}+/gu, " ")
      .trim()
      .slice(0, MAX_CALLER_NAME)
      .replace(/[\uD800-\uDBFF]$/, "")
      .trim();
    if (value) return value;
  }
  return undefined;
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

/** What call_analyzed adds to a call stored by call_ended. */
export type RetellAnalysis = { summary?: string; callerName?: string; transcript?: TranscriptTurn[]; voicemail: boolean; recordingAnnounced?: boolean; appointmentBooked?: boolean };

/**
 * call_analyzed after call_ended (issues 13 and 21): the stored call gets the
 * analysis's summary, the caller's name and, when it had none, the
 * transcript (each only when the call has none yet), and a booked
 * appointment the call was not marked with; a call flagged as
 * voicemail only by the analysis becomes a voicemail, with the voicemail's
 * units (and the meters told), unless its usage month is closed (frozen).
 *
 * The one call is found by its source and id, locked, and updated by its own
 * primary key: exactly one row can change (the statement this replaces
 * regrouped its WHERE clause and wrote one call's transcript into every
 * record without one, whoever owned it). A record anonymized by retention is
 * never touched, and a replay changes nothing. In the same transaction the
 * webhook events of what it added (call.updated, appointment.booked; ADR
 * 0128). The call's units when it changed, else null.
 */
export async function applyRetellAnalysis(id: string, analysis: RetellAnalysis): Promise<{ units: number } | null> {
  const db = await getDb();
  // Before the transaction: reaching the provider may read the database, which has one connection on PGlite.
  const now = await (await getProvider()).now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(interactions)
      .where(and(eq(interactions.sourceKey, RETELL_SOURCE.sourceKey), eq(interactions.externalId, id), isNull(interactions.anonymizedAt)))
      .for("update")
      .limit(1);
    if (!row) return null;
    const set: Partial<typeof interactions.$inferInsert> = {};
    if (row.summary === null && analysis.summary) set.summary = analysis.summary;
    if (row.transcript === null && analysis.transcript) set.transcript = analysis.transcript;
    if (row.callerName === null && analysis.callerName) set.callerName = analysis.callerName;
    if (row.recordingAnnounced === null && analysis.recordingAnnounced !== undefined) set.recordingAnnounced = analysis.recordingAnnounced;
    if (!row.appointmentBooked && analysis.appointmentBooked) set.appointmentBooked = true;
    const sub = row.subscriptionId ? await subscriptionById(tx, row.subscriptionId) : undefined;
    const month = sub && row.usageMonthStart ? { start: row.usageMonthStart, end: usageMonthEnd(sub, row.usageMonthStart) } : null;
    const frozen = month ? (await loadClosedMonths(tx, [sub!.id], now)).isClosed(sub!.id, month) : false;
    if (analysis.voicemail && row.channel === "phone" && row.outcome === "answered" && !frozen) {
      // A free test call stays free (issue 24): only its outcome changes.
      const units = row.unitRule === TEST_CALL_UNITS.rule ? TEST_CALL_UNITS : unitsFor({ channel: "phone", outcome: "voicemail", durationMs: row.durationMs });
      set.outcome = "voicemail";
      set.unitsMilli = units.milli;
      set.unitRule = units.rule;
      const counted = sub && month && row.spamReportedAt === null && (!sub.trialEnd || row.startedAt >= sub.trialEnd);
      if (counted && units.milli !== row.unitsMilli) {
        await markMetersDirty(tx, [{ subscriptionId: sub.id, usageMonthStart: month.start, category: meterCategory(row.channel, row.direction) }]);
      }
    }
    if (Object.keys(set).length === 0) return null;
    const changed = await tx.update(interactions).set(set).where(eq(interactions.id, row.id)).returning(callEventColumns);
    if (changed.length !== 1) throw new Error(`call_analyzed changed ${changed.length} records, not 1`);
    const events = analysisEvents(changed[0]!, { summary: set.summary !== undefined, transcript: set.transcript !== undefined, booked: set.appointmentBooked === true });
    if (events.length) await emitWebhookEvents(tx, events);
    // Issue 25: a call waiting for its summary (or now a voicemail) is told at once.
    if (set.summary || set.outcome) await enqueueCallAlertsForSummary(tx, row.id);
    return { units: toUnits(set.unitsMilli ?? row.unitsMilli) };
  });
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

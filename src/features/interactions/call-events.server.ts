import "server-only";
import { interactions } from "@/db/schema";
import { config } from "@/lib/config";
import { appointmentBookedData, callEventData, callUpdatedData, type CallChange, type CallRow } from "@/features/webhooks/call-payload";
import type { EmitInput } from "@/features/webhooks/emit.server";

/**
 * The outbound webhook events of calls (issue 25, ADR 0128), built where a
 * call is stored or changes and emitted in that same transaction. Each
 * dedupe key names the fact, so the same fact emitted again is one event.
 */

const i = interactions;

/** The columns the call events read (with the account they belong to): a `select`/`returning` selection. */
export const callEventColumns = {
  id: i.id,
  accountId: i.accountId,
  aiReadyOrderId: i.aiReadyOrderId,
  channel: i.channel,
  direction: i.direction,
  outcome: i.outcome,
  startedAt: i.startedAt,
  durationMs: i.durationMs,
  fromNumber: i.fromNumber,
  toNumber: i.toNumber,
  callerName: i.callerName,
  summary: i.summary,
  appointmentBooked: i.appointmentBooked,
  tags: i.tags,
  unitsMilli: i.unitsMilli,
  spamReportedAt: i.spamReportedAt,
};

export type StoredCall = CallRow & { accountId: string | null };

/** A stored record: `call.completed`, and `appointment.booked` when it booked one. Records of no account (an AI employee not claimed yet) have no events. */
export function storedCallEvents(calls: StoredCall[]): EmitInput[] {
  const { baseUrl } = config();
  const events: EmitInput[] = [];
  for (const call of calls) {
    if (!call.accountId) continue;
    events.push({ accountId: call.accountId, type: "call.completed", data: callEventData(call, baseUrl), dedupeKey: `call.completed:${call.id}` });
    if (call.appointmentBooked) events.push(bookedEvent(call.accountId, call, baseUrl));
  }
  return events;
}

/**
 * Retell's call_analyzed added to a stored call: `call.updated` naming what
 * it added (the summary, the transcript), and `appointment.booked` when the
 * analysis is what marked it booked.
 */
export function analysisEvents(call: StoredCall, added: { summary: boolean; transcript: boolean; booked: boolean }): EmitInput[] {
  if (!call.accountId) return [];
  const { baseUrl } = config();
  const changes: CallChange[] = [...(added.summary ? (["summary"] as const) : []), ...(added.transcript ? (["transcript"] as const) : [])];
  const events: EmitInput[] = [];
  if (changes.length) events.push({ accountId: call.accountId, type: "call.updated", data: callUpdatedData(call, changes, baseUrl), dedupeKey: `call.updated:${call.id}:analysis` });
  if (added.booked) events.push(bookedEvent(call.accountId, call, baseUrl));
  return events;
}

/** The call was reported as spam and credited (spamReportedAt set): `call.updated` with the change "spam". */
export function spamReportedEvent(accountId: string, call: CallRow): EmitInput {
  return { accountId, type: "call.updated", data: callUpdatedData(call, ["spam"], config().baseUrl), dedupeKey: `call.updated:${call.id}:spam` };
}

function bookedEvent(accountId: string, call: CallRow, baseUrl: string): EmitInput {
  return { accountId, type: "appointment.booked", data: appointmentBookedData(call, baseUrl), dedupeKey: `appointment.booked:${call.id}` };
}

import { route } from "@/features/auth/route.server";
import { config } from "@/lib/config";
import { HttpError, notFound } from "@/lib/http/errors";
import { ingestInteractions } from "@/features/interactions/ingest.server";
import { RETELL_SOURCE } from "@/features/interactions/ingest-source";
import { applyRetellAnalysis, parseRetellEvent, parseRetellSignature, retellCallRecord, RETELL_STORED_EVENTS, verifyRetellSignature } from "@/features/interactions/retell.server";
import { retellEventRefused } from "@/features/interactions/retell-refusals.server";

const BAD_SIGNATURE = "Invalid or missing x-retell-signature";

/**
 * POST /api/v1/webhooks/retell (issues 13 and 21): Retell's call webhook,
 * signed with the Retell API key (`x-retell-signature`). The key and the
 * header's form and freshness are checked before the body is read; the
 * digest over the raw body after (at most 2 MB). `call_ended` and
 * `call_analyzed` are stored as one record, `retell:<call_id>` in the Retell
 * source, through the same ingestion as POST /api/v1/interactions;
 * `call_analyzed` after `call_ended` adds the summary (and a missing
 * transcript, a voicemail flag, or a booked appointment). Every other event is answered 204.
 *
 * Retell retries a delivery that is not answered 2xx. A signed event we
 * cannot store (not JSON, not a call event, a record our validation refuses)
 * would be refused again on every retry, so it is answered 200
 * `{status: "rejected", message}`, logged, and shown to admins as a
 * notification (retell-refusals.server.ts). Only a missing key (404) and a
 * bad signature (401) are errors.
 */
export const POST = route(
  {
    access: "public",
    allowCrossOrigin: true,
    maxBodyBytes: 2 * 1024 * 1024,
    nulCheckedByHandler: true,
    beforeBody: async (req) => {
      const apiKey = config().RETELL_API_KEY;
      if (!apiKey) throw notFound();
      if (!parseRetellSignature(req.headers.get("x-retell-signature"))) throw new HttpError(401, BAD_SIGNATURE);
      return apiKey;
    },
  },
  async ({ req, pre: apiKey, log }) => {
    const rawBody = await req.text();
    if (!verifyRetellSignature(rawBody, req.headers.get("x-retell-signature"), apiKey)) throw new HttpError(401, BAD_SIGNATURE);
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return retellEventRefused(log, { callId: null, event: null, problem: "the body is not valid JSON" });
    }
    const event = parseRetellEvent(body);
    if (!event) return retellEventRefused(log, { callId: null, event: null, problem: "the body is not a Retell webhook event: {event, call: {call_id, ...}}" });
    if (!(RETELL_STORED_EVENTS as readonly string[]).includes(event.event)) return new Response(null, { status: 204 });

    const record = retellCallRecord(event.call);
    const [result] = await ingestInteractions([record], RETELL_SOURCE);
    if (result!.status === "rejected") {
      return retellEventRefused(log, { callId: event.call.call_id, event: event.event, problem: result!.message ?? "refused" });
    }
    if (result!.status === "duplicate" && event.event === "call_analyzed") {
      const updated = await applyRetellAnalysis(record.id, {
        summary: record.summary,
        callerName: record.callerName,
        transcript: record.transcript,
        voicemail: event.call.call_analysis?.in_voicemail === true,
        recordingAnnounced: record.recordingAnnounced,
        appointmentBooked: record.appointmentBooked,
      });
      if (updated) {
        log.info({ callId: event.call.call_id }, "Retell call analysis added");
        return Response.json({ status: "updated", units: updated.units });
      }
    }
    log.info({ callId: event.call.call_id, event: event.event, status: result!.status }, "Retell call received");
    return Response.json({ status: result!.status, units: result!.units, ...(result!.status === "created" && result!.message ? { message: result!.message } : {}) });
  },
);

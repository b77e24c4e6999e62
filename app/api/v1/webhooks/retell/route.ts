import { route } from "@/features/auth/route.server";
import { config } from "@/lib/config";
import { badRequest, HttpError, notFound } from "@/lib/http/errors";
import { ingestInteractions } from "@/features/interactions/ingest.server";
import { applyRetellAnalysis, parseRetellEvent, retellCallRecord, RETELL_STORED_EVENTS, verifyRetellSignature } from "@/features/interactions/retell.server";

/**
 * POST /api/v1/webhooks/retell (issue 13, ADR 0101): Retell's call webhook,
 * signed with the Retell API key (`x-retell-signature`, checked over the raw
 * body). `call_ended` and `call_analyzed` are stored as one record,
 * `retell:<call_id>`, through the same ingestion as POST /api/v1/interactions;
 * `call_analyzed` after `call_ended` only adds the summary (and a missing
 * transcript). Every other event is answered 204 and ignored.
 *
 * Retell retries a delivery that is not answered 2xx. A record our validation
 * refuses (e.g. a number that is no AI employee's) would be refused again on
 * every retry, so it is answered 200 `{status: "rejected", message}` and
 * logged as a warning instead: the log, not Retell's retries, is where it is
 * noticed. A bad signature (401), a missing key (404) and a body that is no
 * Retell event (400) are still errors.
 *
 * NUL characters are left to the handler: the signature is checked first, and
 * ingestion refuses a record holding one as `rejected` (ingest.server.ts).
 */
export const POST = route(
  { access: "public", allowCrossOrigin: true, maxBodyBytes: 2 * 1024 * 1024, nulCheckedByHandler: true },
  async ({ req, log }) => {
    const apiKey = config().RETELL_API_KEY;
    if (!apiKey) throw notFound();
    const rawBody = await req.text();
    if (!verifyRetellSignature(rawBody, req.headers.get("x-retell-signature"), apiKey)) {
      throw new HttpError(401, "Invalid or missing x-retell-signature");
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw badRequest("Request body must be valid JSON");
    }
    const event = parseRetellEvent(body);
    if (!event) throw badRequest("Request body must be a Retell webhook event: {event, call: {call_id, ...}}");
    if (!(RETELL_STORED_EVENTS as readonly string[]).includes(event.event)) return new Response(null, { status: 204 });

    const record = retellCallRecord(event.call);
    const [result] = await ingestInteractions([record], "retell", null);
    if (result!.status === "rejected") {
      log.warn({ callId: event.call.call_id, event: event.event, problem: result!.message }, "Retell call rejected");
      return Response.json({ status: "rejected", message: result!.message });
    }
    if (result!.status === "duplicate" && event.event === "call_analyzed") {
      const updated = await applyRetellAnalysis(record.id, { summary: record.summary, transcript: record.transcript });
      if (updated) {
        log.info({ callId: event.call.call_id }, "Retell call analysis added");
        return Response.json({ status: "updated", units: result!.units });
      }
    }
    log.info({ callId: event.call.call_id, event: event.event, status: result!.status }, "Retell call received");
    return Response.json({ status: result!.status, units: result!.units });
  },
);

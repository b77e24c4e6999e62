import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { resetConfigForTests } from "@/lib/config";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { notifications } from "@/db/schema";
import { customerWithAiEmployee } from "./interactions-fixtures";
import { deliverRetell, RETELL_KEY, retellFixture, retellRows, retellSign, withRetellKey } from "./retell-helpers";

/** Issue 13: Retell's call webhook (ADR 0148), fed the payloads in test/fixtures/retell. */

let nova: Awaited<ReturnType<typeof customerWithAiEmployee>>;
withRetellKey();

beforeAll(async () => {
  // Ingestion queues a usage-alert check in its transaction; no worker runs it here.
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  // The AI employee's number as an admin typed it; the fixtures' calls reach it as +14155550142.
  nova = await customerWithAiEmployee({ phone: "+1 (415) 555-0142" });
});

const fixture = (name: string, over: Record<string, unknown> = {}) => retellFixture(name, nova.orderId, over);
const sign = retellSign;
const deliver = deliverRetell;
const rows = retellRows;

describe("signature", () => {
  it("refuses a tampered body, a wrong key, a stale or future timestamp and a missing header with 401, storing nothing", async () => {
    const f = fixture("call-ended-inbound", { call_id: "call_sig_checks" });
    const body = JSON.stringify(f);
    const tampered = body.replace('"duration_ms":134520', '"duration_ms":1345');
    expect(tampered).not.toBe(body);
    const attempts: Array<[string, string | null]> = [
      [tampered, sign(body)],
      [body, sign(body, "key_0000000000000000000000000000000")],
      [body, sign(body, RETELL_KEY, Date.now() - 6 * 60_000)],
      [body, sign(body, RETELL_KEY, Date.now() + 6 * 60_000)],
      [body, null],
      [body, "v=abc,d=def"],
    ];
    for (const [sent, signature] of attempts) {
      const res = await deliver(sent, signature);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(/x-retell-signature/);
    }
    expect(await rows("call_sig_checks")).toHaveLength(0);
  });

  it("verifies the raw body, so the same JSON written differently needs its own signature", async () => {
    const f = fixture("call-ended-inbound", { call_id: "call_raw_body" });
    const pretty = JSON.stringify(f, null, 2);
    expect((await deliver(JSON.stringify(f), sign(pretty))).status).toBe(401);
    expect((await deliver(pretty, sign(pretty))).status).toBe(200);
  });

  it("answers 404 while RETELL_API_KEY is not set", async () => {
    delete process.env.RETELL_API_KEY;
    resetConfigForTests();
    try {
      const body = JSON.stringify(fixture("call-ended-inbound", { call_id: "call_no_key" }));
      expect((await deliver(body)).status).toBe(404);
    } finally {
      process.env.RETELL_API_KEY = RETELL_KEY;
      resetConfigForTests();
    }
    expect(await rows("call_no_key")).toHaveLength(0);
  });

  it("answers a signed body that is not JSON or not a Retell event 200 rejected (so Retell stops retrying it) and tells the admins (issue 21)", async () => {
    const db = await getDb();
    const before = (await db.select().from(notifications).where(eq(notifications.type, "retell_event_refused"))).length;
    for (const body of ['{"event": "call_ended", "call": ', JSON.stringify({ event: "call_ended", call: {} })]) {
      const res = await deliver(body);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "rejected", message: expect.stringMatching(/not valid JSON|not a Retell webhook event/) });
    }
    const after = await db.select().from(notifications).where(eq(notifications.type, "retell_event_refused"));
    expect(after.length - before).toBe(2);
  });
});

describe("call_ended and call_analyzed", () => {
  const inbound = "call_6a1f0c2d9e8b47f3a5c4e21b";

  it("stores an inbound phone call with its channel, outcome, units and transcript", async () => {
    const res = await deliver(JSON.stringify(fixture("call-ended-inbound")));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "created", units: 1 });
    const [row] = await rows(inbound);
    expect(row).toMatchObject({
      aiReadyOrderId: nova.orderId,
      accountId: nova.user.id,
      subscriptionId: nova.subscriptionId,
      channel: "phone",
      direction: "inbound",
      outcome: "answered",
      durationMs: 134_520,
      fromNumber: "+14155550187",
      toNumber: "+14155550142",
      unitsMilli: 1000,
      unitRule: "call",
      source: "retell",
      apiKeyId: null,
      summary: null,
      recordingUrl: `https://dxc03zgurdly9.cloudfront.net/${inbound}/recording.wav`,
    });
    expect(row!.transcript).toHaveLength(9);
    expect(row!.transcript![0]).toMatchObject({ speaker: "agent", text: expect.stringMatching(/^Thanks for calling Bayview/) });
    expect(row!.transcript![1]).toMatchObject({ speaker: "caller", text: expect.stringMatching(/water heater is leaking/) });
    expect(Date.parse(row!.transcript![1]!.at!)).toBeGreaterThan(row!.startedAt.getTime());
  });

  it("marks the call 'appointment booked' when the agent's booking tool booked, and not when it failed (issue 24)", async () => {
    const turns = (successful: boolean) => [
      { role: "agent", content: "Let me book that for you." },
      { role: "tool_call_invocation", tool_call_id: "tc_1", name: "book_appointment", arguments: '{"start":"2026-12-01T10:00:00-05:00"}' },
      { role: "tool_call_result", tool_call_id: "tc_1", content: '{"status":"accepted"}', successful },
    ];
    expect((await deliver(JSON.stringify(fixture("call-ended-inbound", { call_id: "call_booked", transcript_with_tool_calls: turns(true) })))).status).toBe(200);
    expect((await deliver(JSON.stringify(fixture("call-ended-inbound", { call_id: "call_booking_failed", transcript_with_tool_calls: turns(false) })))).status).toBe(200);
    expect(
      (
        await deliver(
          JSON.stringify(
            fixture("call-ended-inbound", {
              call_id: "call_availability_only",
              transcript_with_tool_calls: [
                { role: "tool_call_invocation", tool_call_id: "tc_2", name: "check_availability", arguments: "{}" },
                { role: "tool_call_result", tool_call_id: "tc_2", content: "[]", successful: true },
              ],
            }),
          ),
        )
      ).status,
    ).toBe(200);
    expect((await rows("call_booked"))[0]!.appointmentBooked).toBe(true);
    expect((await rows("call_booking_failed"))[0]!.appointmentBooked).toBe(false);
    expect((await rows("call_availability_only"))[0]!.appointmentBooked).toBe(false);
  });

  it("stores where a transferred call went: the number, or the SIP address without its transport (issue 26)", async () => {
    const transferred = (call_id: string, transfer_destination?: string) =>
      fixture("call-ended-inbound", { call_id, disconnection_reason: "call_transfer", ...(transfer_destination === undefined ? {} : { transfer_destination }) });
    expect((await deliver(JSON.stringify(transferred("call_to_number", "+14155550101")))).status).toBe(200);
    expect((await deliver(JSON.stringify(transferred("call_to_sip", "sip:frontdesk@pbx.example.com;transport=tls")))).status).toBe(200);
    expect((await deliver(JSON.stringify(transferred("call_to_nowhere")))).status).toBe(200);
    expect((await rows("call_to_number"))[0]).toMatchObject({ outcome: "transferred", transferDestination: "+14155550101" });
    expect((await rows("call_to_sip"))[0]).toMatchObject({ outcome: "transferred", transferDestination: "sip:frontdesk@pbx.example.com" });
    expect((await rows("call_to_nowhere"))[0]).toMatchObject({ outcome: "transferred", transferDestination: null });
  });

  it("a replayed call_ended is a duplicate", async () => {
    const res = await deliver(JSON.stringify(fixture("call-ended-inbound")));
    expect(await res.json()).toEqual({ status: "duplicate", units: 1 });
    expect(await rows(inbound)).toHaveLength(1);
  });

  it("call_analyzed afterwards adds the summary, without a second row or a change of units", async () => {
    const analyzed = fixture("call-analyzed-inbound");
    const res = await deliver(JSON.stringify(analyzed));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "updated", units: 1 });
    const stored = await rows(inbound);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.summary).toBe((analyzed.call.call_analysis as { call_summary: string }).call_summary);
    expect(stored[0]!.unitsMilli).toBe(1000);
    expect(stored[0]!.transcript).toHaveLength(9);
    // Delivered again: nothing left to add.
    expect(await (await deliver(JSON.stringify(analyzed))).json()).toEqual({ status: "duplicate", units: 1 });
  });

  it("call_analyzed without a call_ended before it stores the call with its summary", async () => {
    const res = await deliver(JSON.stringify(fixture("call-analyzed-inbound", { call_id: "call_analyzed_only" })));
    expect(await res.json()).toEqual({ status: "created", units: 1 });
    const [row] = await rows("call_analyzed_only");
    expect(row!.summary).toMatch(/leaking water heater/);
  });

  it("stores an outbound voicemail, an unanswered dial and a web call by their rules", async () => {
    const vm = await deliver(JSON.stringify(fixture("call-ended-voicemail")));
    expect(await vm.json()).toEqual({ status: "created", units: 0.15 });
    const [voicemail] = await rows("call_b7e2d4f1a09c4e6d8f3b5a12");
    expect(voicemail).toMatchObject({ aiReadyOrderId: nova.orderId, channel: "phone", direction: "outbound", outcome: "voicemail", unitRule: "voicemail", toNumber: "+16505550123" });
    expect(voicemail!.transcript).toEqual([expect.objectContaining({ speaker: "agent" })]);

    const na = await deliver(JSON.stringify(fixture("call-ended-no-answer")));
    expect(await na.json()).toEqual({ status: "created", units: 0.02 });
    const [dial] = await rows("call_0d5c8a3e7f214b9ca6e1f4d7");
    expect(dial).toMatchObject({ direction: "outbound", outcome: "no_answer", unitRule: "failed_dial", durationMs: 0, transcript: null, recordingUrl: null });

    const web = await deliver(JSON.stringify(fixture("call-ended-web")));
    expect(await web.json()).toEqual({ status: "created", units: 0.5 });
    const [chat] = await rows("call_f3a9b6c2e5d84170b2c8d9e4");
    expect(chat).toMatchObject({ aiReadyOrderId: nova.orderId, channel: "chat", direction: "inbound", outcome: "answered", agentMessages: 4, fromNumber: null, unitRule: "text" });
    expect(chat!.transcript).toHaveLength(7);
  });

  it("answers other events 204 and stores nothing", async () => {
    const started = fixture("call-started-inbound", { call_id: "call_started_only" });
    const res = await deliver(JSON.stringify(started));
    expect(res.status).toBe(204);
    expect(await rows("call_started_only")).toHaveLength(0);
    expect((await deliver(JSON.stringify({ ...started, event: "transcript_updated" }))).status).toBe(204);
  });

  it("answers a call to a number that is no AI employee's 200 rejected (Retell would retry anything else), storing nothing", async () => {
    const res = await deliver(JSON.stringify(fixture("call-ended-inbound", { call_id: "call_unknown_number", to_number: "+12125550199" })));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "rejected", message: "aiPhoneNumber: no AI employee has this number" });
    expect(await rows("call_unknown_number")).toHaveLength(0);
  });
});

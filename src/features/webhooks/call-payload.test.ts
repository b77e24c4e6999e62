import { describe, expect, it } from "vitest";
import { appointmentBookedData, callEventData, callUpdatedData, type CallRow } from "./call-payload";
import { EVENT_DATA_SCHEMAS, eventEnvelopeSchema } from "./events.schema";
import { MAX_PAYLOAD_BYTES } from "./event-types";

const BASE = "https://app.example.com";
/** Where the call of row() is found in the API and in the portal. */
const LINKS = { api: `${BASE}/api/interactions/6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b`, portal: `${BASE}/calls/6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b` };

function row(over: Partial<CallRow> = {}): CallRow {
  return {
    id: "6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b",
    aiReadyOrderId: "order-1",
    channel: "phone",
    direction: "inbound",
    outcome: "answered",
    startedAt: new Date("2026-11-26T14:03:00.000Z"),
    durationMs: 184_500,
    fromNumber: "+12125550142",
    toNumber: "+12125550100",
    callerName: "Dana Whitfield",
    summary: "Booked a cleaning for Tuesday at 10:00.",
    appointmentBooked: true,
    tags: ["appointment"],
    unitsMilli: 1500,
    spamReportedAt: null,
    ...over,
  };
}

const envelopeBytes = (type: keyof typeof EVENT_DATA_SCHEMAS, data: unknown) => Buffer.byteLength(JSON.stringify({ type, timestamp: "2026-11-26T14:03:00.000Z", data }), "utf8");

describe("call event data", () => {
  it("maps a stored call: its AI employee, units and seconds as decimals, links to the API and the portal", () => {
    const data = callEventData(row(), BASE);
    expect(data).toEqual({
      id: "6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b",
      aiEmployeeId: "order-1",
      channel: "phone",
      direction: "inbound",
      outcome: "answered",
      startedAt: "2026-11-26T14:03:00.000Z",
      durationSeconds: 184.5,
      from: "+12125550142",
      to: "+12125550100",
      callerName: "Dana Whitfield",
      summary: "Booked a cleaning for Tuesday at 10:00.",
      appointmentBooked: true,
      tags: ["appointment"],
      units: 1.5,
      spamReported: false,
      links: LINKS,
    });
    expect(EVENT_DATA_SCHEMAS["call.completed"].parse(data)).toEqual(data);
    expect(data).not.toHaveProperty("transcript");
  });

  it("passes its schema for a chat without a duration, numbers or summary, and a reported call", () => {
    const chat = callEventData(row({ channel: "chat", durationMs: null, fromNumber: null, toNumber: null, callerName: null, summary: null, tags: [], unitsMilli: 150 }), BASE);
    expect(chat).toMatchObject({ durationSeconds: null, from: null, summary: null, units: 0.15 });
    expect(EVENT_DATA_SCHEMAS["call.completed"].safeParse(chat).success).toBe(true);
    const spam = callUpdatedData(row({ spamReportedAt: new Date() }), ["spam"], BASE);
    // A credited call counts 0 units, as GET /api/interactions/<id> shows it.
    expect(spam).toMatchObject({ spamReported: true, units: 0, changes: ["spam"] });
    expect(EVENT_DATA_SCHEMAS["call.updated"].safeParse(spam).success).toBe(true);
    // call.updated needs at least one change: the schema refuses none.
    expect(EVENT_DATA_SCHEMAS["call.updated"].safeParse(callUpdatedData(row(), [], BASE)).success).toBe(false);
  });

  it("gives appointment.booked the call's id, caller and summary", () => {
    const data = appointmentBookedData(row(), BASE);
    expect(EVENT_DATA_SCHEMAS["appointment.booked"].safeParse(data).success).toBe(true);
    expect(data).toEqual({
      callId: "6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b",
      aiEmployeeId: "order-1",
      startedAt: "2026-11-26T14:03:00.000Z",
      callerName: "Dana Whitfield",
      from: "+12125550142",
      summary: "Booked a cleaning for Tuesday at 10:00.",
      links: LINKS,
    });
  });

  it("keeps every payload under 20 KB: the longest summary, in characters that encode long, is cut with an ellipsis", () => {
    // 10,000 characters (the record's limit) of 3-byte characters, and a control character that JSON escapes as 6 bytes.
    const summary = "界\u0001".repeat(5_000);
    const full = row({ summary, tags: Array.from({ length: 20 }, () => "\u0002".repeat(50)), callerName: "界".repeat(100) });
    for (const [type, data] of [
      ["call.completed", callEventData(full, BASE)],
      ["call.updated", callUpdatedData(full, ["summary", "transcript"], BASE)],
      ["appointment.booked", appointmentBookedData(full, BASE)],
    ] as const) {
      expect(envelopeBytes(type, data), type).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      expect(data.summary!.endsWith("…")).toBe(true);
      expect(summary.startsWith(data.summary!.slice(0, -1))).toBe(true);
      // Cut as little as it must: nearly all of the room is used.
      expect(envelopeBytes(type, data)).toBeGreaterThan(MAX_PAYLOAD_BYTES - 300);
      expect(eventEnvelopeSchema(type).safeParse({ type, timestamp: "2026-11-26T14:03:00.000Z", data }).success).toBe(true);
    }
    // A summary that fits is left whole.
    expect(callEventData(row({ summary: "a".repeat(10_000) }), BASE).summary).toBe("a".repeat(10_000));
  });

  it("never splits a character made of two UTF-16 units", () => {
    const data = callEventData(row({ summary: "😀".repeat(10_000) }), BASE);
    expect(data.summary!.endsWith("…")).toBe(true);
    expect(/^(😀)*…$/u.test(data.summary!)).toBe(true);
  });
});

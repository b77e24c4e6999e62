import { describe, expect, it } from "vitest";
import { buildEventPayload } from "./payload";
import { sampleEventData } from "./samples";
import { MAX_PAYLOAD_BYTES, WEBHOOK_EVENT_TYPES } from "./event-types";
import { eventEnvelopeSchema } from "./events.schema";

const at = new Date("2026-11-27T10:00:00.000Z");
const samples = sampleEventData("https://app.example.com");
const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v), "utf8");

describe("event payloads", () => {
  it("wraps each sample as { type, timestamp, data } matching its envelope schema", () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const built = buildEventPayload(type, samples[type], at);
      if (!built.ok) throw new Error(built.error);
      expect(Object.keys(built.envelope)).toEqual(["type", "timestamp", "data"]);
      expect(eventEnvelopeSchema(type).parse(built.envelope)).toEqual(built.envelope);
      expect(built.envelope.timestamp).toBe("2026-11-27T10:00:00.000Z");
    }
  });

  it("drops fields the schema does not name: a transcript never leaves", () => {
    const built = buildEventPayload("call.completed", { ...samples["call.completed"], transcript: "Agent: hello\nCaller: my card number is…" }, at);
    if (!built.ok) throw new Error(built.error);
    expect(JSON.stringify(built.envelope)).not.toContain("transcript");
  });

  it("shortens an oversized summary (escapes counted) to fit 20 KB, ending in …", () => {
    const summary = `"quoted" \n ${"é€😀".repeat(4000)}`;
    const built = buildEventPayload("call.completed", { ...samples["call.completed"], summary }, at);
    if (!built.ok) throw new Error(built.error);
    expect(built.summaryShortened).toBe(true);
    expect(bytes(built.envelope)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(bytes(built.envelope)).toBeGreaterThan(MAX_PAYLOAD_BYTES - 8);
    const kept = built.envelope.data.summary as string;
    expect(kept.endsWith("…")).toBe(true);
    expect(summary.startsWith(kept.slice(0, -1))).toBe(true);
  });

  it("answers an error (never throws) for data that does not match, or that cannot fit even without its summary", () => {
    const bad = buildEventPayload("call.completed", { ...samples["call.completed"], outcome: "exploded" }, at);
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining("outcome") });
    const huge = buildEventPayload("call.completed", { ...samples["call.completed"], tags: Array.from({ length: 3000 }, (_, i) => `tag-${i}`) }, at);
    expect(huge).toMatchObject({ ok: false, error: expect.stringContaining("even without its summary") });
  });
});

import { describe, expect, it } from "vitest";
import { interactionRecordSchema } from "@/features/interactions/record.schema";
import { batches, simulatedTraffic } from "./simulated-traffic.mjs";

/** `npm run simulate:calls`'s generator: valid, deterministic, realistic in its mix. */

const END = Date.parse("2026-11-25T22:00:00Z");

describe("simulatedTraffic", () => {
  it("makes records the ingestion API accepts, for several seeds, trades and both ways of naming the AI employee", () => {
    for (const seed of [1, 2, 3, 42, 2026]) {
      const records = simulatedTraffic({
        seed,
        days: 2,
        perDay: 60,
        end: END,
        ...(seed % 2 ? { aiPhoneNumber: "+14155550142" } : { aiEmployeeId: "order-1" }),
        baseUrl: "https://demo.example.com",
      });
      expect(records).toHaveLength(120);
      for (const r of records) {
        const parsed = interactionRecordSchema.safeParse(r);
        expect(parsed.success, `${r.id}: ${parsed.error?.issues[0]?.message}`).toBe(true);
        expect(Date.parse(r.startedAt)).toBeLessThanOrEqual(END);
        expect(Date.parse(r.startedAt)).toBeGreaterThanOrEqual(END - 2 * 86_400_000);
      }
      expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    }
  });

  it("gives the same records for the same seed and end, others for another seed", () => {
    const a = simulatedTraffic({ seed: 7, end: END, aiEmployeeId: "x" });
    expect(simulatedTraffic({ seed: 7, end: new Date(END), aiEmployeeId: "x" })).toEqual(a);
    expect(simulatedTraffic({ seed: 8, end: END, aiEmployeeId: "x" })).not.toEqual(a);
  });

  it("mixes mostly answered calls of realistic lengths with voicemails, failed dials, spam, texts and chats", () => {
    const records = simulatedTraffic({ seed: 3, days: 7, perDay: 200, end: END, aiPhoneNumber: "+14155550142", baseUrl: "https://demo.example.com" });
    const share = (f: (r: (typeof records)[number]) => boolean) => records.filter(f).length / records.length;
    const answered = records.filter((r) => r.channel === "phone" && r.outcome === "answered");
    expect(answered.length / records.length).toBeGreaterThan(0.45);
    const seconds = answered.map((r) => r.durationSeconds!);
    const part = (lo: number, hi: number) => seconds.filter((s) => s >= lo && s < hi).length / seconds.length;
    expect(part(0, 30)).toBeGreaterThan(0.03);
    expect(part(60, 241)).toBeGreaterThan(0.5);
    expect(part(360, 721)).toBeGreaterThan(0.02);
    expect(Math.max(...seconds)).toBeLessThanOrEqual(720);
    for (const outcome of ["voicemail", "no_answer", "busy", "spam", "transferred"]) expect(share((r) => r.outcome === outcome)).toBeGreaterThan(0.005);
    expect(records.filter((r) => r.outcome === "spam").every((r) => r.durationSeconds! <= 20)).toBe(true);
    const texts = records.filter((r) => r.channel !== "phone");
    expect(share((r) => r.channel === "sms")).toBeGreaterThan(0.05);
    expect(share((r) => r.channel === "chat")).toBeGreaterThan(0.05);
    expect(texts.every((r) => r.agentMessages! >= 2 && r.agentMessages! <= 40)).toBe(true);
    // Answered calls carry a sample recording; nothing else does.
    expect(answered.every((r) => /^https:\/\/demo\.example\.com\/recordings\/sample-[123]\.wav$/.test(r.recordingUrl!))).toBe(true);
    expect(records.filter((r) => r.recordingUrl).every((r) => r.outcome === "answered" || r.outcome === "transferred")).toBe(true);
    // Caller numbers in +1 format; business hours busier than the night (UTC-5).
    expect(records.every((r) => /^\+1\d{10}$/.test(r.direction === "inbound" ? (r.from ?? "+10000000000") : (r.to ?? "+10000000000")))).toBe(true);
    const localHour = (r: (typeof records)[number]) => (new Date(r.startedAt).getUTCHours() + 24 - 5) % 24;
    expect(share((r) => localHour(r) >= 8 && localHour(r) < 18)).toBeGreaterThan(0.7);
  });

  it("points recordings at the app's own address, and without one leaves them out and changes nothing else", () => {
    const local = simulatedTraffic({ seed: 5, end: END, aiEmployeeId: "x", baseUrl: "http://localhost:3000" });
    const none = simulatedTraffic({ seed: 5, end: END, aiEmployeeId: "x" });
    expect(local.filter((r) => r.recordingUrl).every((r) => /^http:\/\/localhost:3000\/recordings\/sample-[123]\.wav$/.test(r.recordingUrl!))).toBe(true);
    expect(local.some((r) => r.recordingUrl)).toBe(true);
    expect(none.some((r) => r.recordingUrl)).toBe(false);
    expect(none).toEqual(local.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== "recordingUrl"))));
  });

  it("refuses to run without an AI employee, and splits into batches of 500", () => {
    expect(() => simulatedTraffic({ end: END })).toThrow(/aiEmployeeId or aiPhoneNumber/);
    expect(batches(Array.from({ length: 1234 }, (_, i) => i)).map((b) => b.length)).toEqual([500, 500, 234]);
  });
});

describe("what lands in the needs-attention inbox (issue 23)", () => {
  it("a week of traffic has missed calls, voicemails, unbooked appointment requests, urgent tags and transfers", async () => {
    const { attentionReasons } = await import("../src/features/interactions/attention");
    const records = simulatedTraffic({ seed: 7, days: 7, perDay: 40, end: Date.UTC(2026, 10, 26, 18), aiEmployeeId: "ai-1" });
    const reasons = new Set(
      records.flatMap((r) =>
        attentionReasons({ channel: r.channel, direction: r.direction, outcome: r.outcome, tags: r.tags ?? [], appointmentBooked: Boolean(r.appointmentBooked), spamReview: null }),
      ),
    );
    expect([...reasons].sort()).toEqual(["appointment_requested", "missed_call", "transferred", "urgent", "voicemail"]);
  });
});

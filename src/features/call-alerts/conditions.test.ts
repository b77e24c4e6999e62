import { describe, expect, it } from "vitest";
import { conditionMatches, summaryMentions, type CallFacts } from "./conditions";

const call = (over: Partial<CallFacts> = {}): CallFacts => ({ direction: "inbound", outcome: "answered", tags: [], appointmentBooked: false, summary: "Asked about opening hours", ...over });
const matches = (condition: Parameters<typeof conditionMatches>[0]["condition"], c: CallFacts, phrase: string | null = null) => conditionMatches({ condition, phrase }, c);

describe("rule conditions", () => {
  it("every_call matches any call, spam included (spam is skipped before the rules)", () => {
    expect(matches("every_call", call())).toBe(true);
    expect(matches("every_call", call({ outcome: "no_answer", summary: null }))).toBe(true);
  });

  it("leads_and_bookings: a booked appointment, or a lead tag in any case", () => {
    expect(matches("leads_and_bookings", call())).toBe(false);
    expect(matches("leads_and_bookings", call({ appointmentBooked: true }))).toBe(true);
    expect(matches("leads_and_bookings", call({ tags: ["Lead"] }))).toBe(true);
    expect(matches("leads_and_bookings", call({ tags: ["vip", "appointment-requested"] }))).toBe(true);
    expect(matches("leads_and_bookings", call({ tags: ["leads", "appointment"] }))).toBe(false);
  });

  it("missed_and_voicemail: any voicemail; an inbound call not answered; never an outbound dial that failed", () => {
    expect(matches("missed_and_voicemail", call({ outcome: "voicemail" }))).toBe(true);
    expect(matches("missed_and_voicemail", call({ outcome: "voicemail", direction: "outbound" }))).toBe(true);
    for (const outcome of ["no_answer", "busy", "failed"] as const) {
      expect(matches("missed_and_voicemail", call({ outcome }))).toBe(true);
      expect(matches("missed_and_voicemail", call({ outcome, direction: "outbound" }))).toBe(false);
    }
    expect(matches("missed_and_voicemail", call({ outcome: "answered" }))).toBe(false);
    expect(matches("missed_and_voicemail", call({ outcome: "transferred" }))).toBe(false);
  });

  it("urgent: the tag urgent, in any case", () => {
    expect(matches("urgent", call({ tags: ["URGENT"] }))).toBe(true);
    expect(matches("urgent", call({ tags: ["not-urgent"] }))).toBe(false);
    expect(matches("urgent", call({ summary: "This is urgent" }))).toBe(false);
  });

  it("phrase: whole words of the summary, any case; nothing without a summary", () => {
    expect(matches("phrase", call({ summary: "Caller has a ROOF leak in the attic" }), "roof leak")).toBe(true);
    expect(matches("phrase", call({ summary: "roof\n  leak" }), "Roof Leak")).toBe(true);
    expect(matches("phrase", call({ summary: "roofleak" }), "roof leak")).toBe(false);
    expect(matches("phrase", call({ summary: "Spoke with the team leader" }), "lead")).toBe(false);
    expect(matches("phrase", call({ summary: null }), "billing")).toBe(false);
    expect(matches("phrase", call({ summary: "billing question" }), null)).toBe(false);
  });

  it("phrase: characters of regular expressions are taken literally; accents count as letters", () => {
    expect(summaryMentions("Asked for a C++ developer", "c++")).toBe(true);
    expect(summaryMentions("Asked for a Cxx developer", "c++")).toBe(false);
    expect(summaryMentions("Price: $49.99 (per month)", "$49.99")).toBe(true);
    expect(summaryMentions("Price: $49x99", "$49.99")).toBe(false);
    expect(summaryMentions("Le café est fermé", "café")).toBe(true);
    expect(summaryMentions("Les cafés", "café")).toBe(false);
  });
});

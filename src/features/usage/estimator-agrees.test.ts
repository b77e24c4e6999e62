import { describe, expect, it } from "vitest";
import { callMilli, conversationMilli, unitsFor } from "@/features/plans/units";
import { estimate, monthlyMilliUnits } from "@/features/plans/estimator";
import { findPlan } from "@/features/plans/catalogue";
import { priceUsage } from "./pricing";

/**
 * The pricing estimator and billing use one unit rule and one extra-units
 * formula (issue 26, ADR 0133): on every boundary of spec 9 the estimator's
 * units are the ones ingestion stores, and its overage is what the ledger bills.
 */
const billed = (r: Parameters<typeof unitsFor>[0]) => unitsFor(r).milli;

describe("the estimator and billing agree on every boundary of the unit rule", () => {
  it.each([0, 0.001, 29.999, 30, 30.001, 179.999, 180, 180.001, 359.999, 360, 360.001, 540, 540.001, 900, 900.001])("an answered call of %s s", (seconds) => {
    const estimator = callMilli(seconds);
    expect(estimator).toBe(billed({ channel: "phone", outcome: "answered", durationMs: seconds * 1000 }));
    expect(monthlyMilliUnits({ callsPerMonth: 1, avgCallMinutes: seconds / 60, chatsPerMonth: 0 })).toBe(estimator);
  });

  it("voicemail and a failed dial, whatever their length", () => {
    for (const seconds of [0, 29.999, 30, 400]) {
      expect(callMilli(seconds, "voicemail")).toBe(billed({ channel: "phone", outcome: "voicemail", durationMs: seconds * 1000 }));
      for (const outcome of ["no_answer", "busy", "failed"] as const) expect(callMilli(seconds, "failed")).toBe(billed({ channel: "phone", outcome, durationMs: seconds * 1000 }));
    }
    expect(callMilli(400, "voicemail")).toBe(150);
    expect(callMilli(45, "failed")).toBe(20);
  });

  it.each([0, 1, 14, 15, 16, 30, 31, 45, 46])("a conversation with %i agent messages", (messages) => {
    for (const channel of ["sms", "chat", "social"] as const) expect(conversationMilli(messages)).toBe(billed({ channel, outcome: "answered", agentMessages: messages }));
    expect(monthlyMilliUnits({ callsPerMonth: 0, avgCallMinutes: 0, chatsPerMonth: 1, avgChatTurns: messages })).toBe(conversationMilli(messages));
  });

  it("spam costs nothing on both sides (the estimator counts answered calls only)", () => {
    expect(billed({ channel: "phone", outcome: "spam", durationMs: 900_000 })).toBe(0);
    expect(billed({ channel: "chat", outcome: "spam", agentMessages: 40 })).toBe(0);
    expect(monthlyMilliUnits({ callsPerMonth: 0, avgCallMinutes: 15, chatsPerMonth: 0 })).toBe(0);
  });

  it("prices the overage exactly as the ledger bills a month", () => {
    for (const billing of ["monthly", "annual"] as const) {
      for (const calls of [0, 119, 121, 250, 4500]) {
        const e = estimate({ callsPerMonth: calls, avgCallMinutes: 1, chatsPerMonth: 3, avgChatTurns: 16, billing });
        for (const p of e.plans) {
          const ledger = priceUsage({ usedMilli: e.units * 1000, plan: findPlan(p.plan.id), billing, trialEnd: null, monthStart: new Date("2026-05-01T00:00:00Z") });
          expect([p.overageUnits * 1000, p.overagePrice]).toEqual([ledger.extraMilli, ledger.costCents]);
        }
      }
    }
  });
});

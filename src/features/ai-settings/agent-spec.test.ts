import { describe, expect, it } from "vitest";
import { context, defaults, fullDocument } from "./__fixtures__/documents";
import { transferToolName } from "./agent-prompt";
import { buildAgentSpec } from "./agent-spec";
import { callerPlan } from "./caller-plan";
import type { SettingsDocument } from "./settings.schema";

const KEY = "cal_live_0123456789abcdef1a2b";
const spec = (doc: SettingsDocument, opts: { messagesOnly?: boolean; bookingKey?: string | null } = {}) =>
  buildAgentSpec(callerPlan(doc, { ...context, messagesOnly: opts.messagesOnly ?? false }), { aiEmployeeId: "order_123", bookingKey: opts.bookingKey === undefined ? KEY : opts.bookingKey });

describe("buildAgentSpec", () => {
  it("builds the default settings' agent (fixture agent-spec-default.json)", async () => {
    const s = spec(defaults(), { bookingKey: null });
    expect(s.beginMessage).toBe("This call may be recorded for quality and training. Thank you for calling Bright Smile Dental, this is Ava. How can I help you today?");
    expect(s.transfers).toEqual([]);
    expect(s.booking).toBeNull();
    expect(s.afterHoursTransfer).toBeNull();
    expect(s.prompt).toContain("- Saturday: closed");
    expect(s.prompt).not.toContain("## Messages-only mode");
    await expect(JSON.stringify(s, null, 2)).toMatchFileSnapshot("./__fixtures__/agent-spec-default.json");
  });

  it("builds every section of a full document (fixture agent-spec-full.json)", async () => {
    const s = spec(fullDocument());
    expect(s).toMatchObject({ aiEmployeeId: "order_123", agentName: "Ava", language: "en-US", timeZone: "America/New_York", messagesOnly: false });
    expect(s.transfers.map((t) => t.name)).toEqual(["transfer_1_emergencies", "transfer_2_billing"]);
    expect(s.transfers[0].numbers).toEqual([
      { number: "+12125550101", ringSeconds: 20 },
      { number: "+442079460000", ringSeconds: 30 },
    ]);
    expect(s.transfers[0].fallback).toBe("voicemail");
    expect(s.afterHoursTransfer).toEqual({ number: "+12125550199", announcement: "We're closed, so I'll put you through to our on-call line." });
    expect(s.booking).toEqual({ calApiKey: KEY, eventTypeId: 123456, timeZone: "America/New_York" });
    expect(s.recording).toEqual({ announcement: "This call may be recorded for quality and training.", twoPartyConsent: true });
    // The prompt tells the time from Retell's current-time variable in the business's zone.
    expect(s.prompt).toContain("{{current_time_America/New_York}}");
    expect(s.prompt).toContain("- Friday: 09:00–17:00, 22:00–02:00 (until 02:00 on Saturday)");
    expect(s.prompt).toContain("- 2026-07-03: Independence Day (observed)");
    expect(s.prompt).toContain("Q: Do you take insurance?\nA: Yes: Delta Dental, Cigna and Aetna.");
    expect(s.prompt).toContain("+12125550101 for 20 seconds, then +442079460000 for 30 seconds");
    expect(s.prompt).toContain("## Appointment booking");
    expect(s.prompt).toContain("ask the caller whether they agree to the call being recorded");
    // The key is only in the booking request, never in the prompt.
    expect(s.prompt).not.toContain(KEY);
    await expect(JSON.stringify(s, null, 2)).toMatchFileSnapshot("./__fixtures__/agent-spec-full.json");
  });

  it("messages only: the messages-only sentence, no transfers, no booking, and a section that overrides the rest (fixture agent-spec-messages-only.json)", async () => {
    const s = spec(fullDocument(), { messagesOnly: true });
    expect(s.messagesOnly).toBe(true);
    expect(s.beginMessage).toBe(
      "This call may be recorded for quality and training. Thank you for calling Bright Smile Dental, this is Ava. We can only take messages right now. Please leave your name, your number and your message, and we'll get back to you.",
    );
    expect(s.transfers).toEqual([]);
    expect(s.afterHoursTransfer).toBeNull();
    expect(s.booking).toBeNull();
    expect(s.prompt).toContain("## Messages-only mode (this overrides everything below)");
    expect(s.prompt.indexOf("## Messages-only mode")).toBeLessThan(s.prompt.indexOf("## Opening hours"));
    expect(s.prompt).not.toContain("## Appointment booking");
    expect(s.prompt).not.toContain("## Transfer rules");
    expect(s.prompt).not.toContain("transfer_after_hours");
    // Callers may still ask about the hours and the answers.
    expect(s.prompt).toContain("- Sunday: 09:00–12:00");
    expect(s.prompt).toContain("Q: Is there parking?");
    await expect(JSON.stringify(s, null, 2)).toMatchFileSnapshot("./__fixtures__/agent-spec-messages-only.json");
  });

  it("keeps booking off without a stored key, or when it is off in the settings", () => {
    const noKey = spec(fullDocument(), { bookingKey: null });
    expect(noKey.booking).toBeNull();
    expect(noKey.prompt).not.toContain("## Appointment booking");
    expect(spec({ ...fullDocument(), booking: { ...fullDocument().booking, enabled: false } }).booking).toBeNull();
  });

  it("tells the hours and ends the call when that is the after-hours choice", () => {
    const doc = { ...defaults(), afterHours: { ...defaults().afterHours, action: "hours" as const } };
    const s = spec(doc);
    expect(s.afterHoursTransfer).toBeNull();
    expect(s.prompt).toContain(`Right after the greeting, tell the caller: "${doc.afterHours.hoursText}"`);
    expect(s.prompt).toContain("Then tell the caller the opening hours above, and end the call");
  });

  it("plays no announcement when there is none, and asks for consent only with two-party consent", () => {
    const doc = { ...defaults(), recording: { announcement: "", twoPartyConsent: false } };
    const s = spec(doc);
    expect(s.beginMessage).toBe("Thank you for calling Bright Smile Dental, this is Ava. How can I help you today?");
    expect(s.prompt).toContain("No recording announcement is played.");
    expect(s.prompt).not.toContain("Two-party consent");
  });

  it("says multilingual agents speak the caller's language", () => {
    expect(spec({ ...defaults(), language: "multi" }).prompt).toContain("Speak English or Spanish, whichever the caller speaks.");
    expect(spec({ ...defaults(), language: "fr-FR" }).prompt).toContain("Speak French.");
  });

  it("keeps the customer's braces from reading as platform variables", () => {
    const s = spec({ ...defaults(), greeting: "Hi {{caller}}!", answers: [{ question: "Price of {{x}}?", answer: "$10" }] });
    expect(s.beginMessage).toContain("Hi { {caller} }!");
    expect(s.prompt).toContain("Q: Price of { {x} }?");
  });

  it("names transfer tools with letters, digits and underscores only, unique by position", () => {
    expect(transferToolName(0, "Café & Résumé desk!")).toBe("transfer_1_cafe_resume_desk");
    expect(transferToolName(2, "???")).toBe("transfer_3");
    expect(transferToolName(9, "x".repeat(100))).toMatch(/^transfer_10_x+$/);
    expect(transferToolName(9, "x".repeat(100))).toHaveLength(64);
  });
});

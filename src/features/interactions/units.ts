import type { INTERACTION_CHANNELS, INTERACTION_OUTCOMES } from "@/db/schema/enums";

export type Channel = (typeof INTERACTION_CHANNELS)[number];
export type Outcome = (typeof INTERACTION_OUTCOMES)[number];

/** Which rule of spec 9 gave a record its units; the call log names it. */
export const UNIT_RULES = ["spam", "failed_dial", "voicemail", "short_call", "call", "long_call", "text", "text_no_reply", "test_call"] as const;
export type UnitRule = (typeof UNIT_RULES)[number];

export type Units = { milli: number; rule: UnitRule };

const VOICE_SHORT_MS = 30_000;
const VOICE_STEP_MS = 180_000;
const TEXT_STEP_MESSAGES = 15;

/**
 * Units of one record by spec 9, in integer thousandths (never floats).
 * Voice: spam 0; failed dial (no answer, busy, failed) 0.02; voicemail or under
 * 30 s 0.15; 30 s to 3 min 1; over 3 min one more unit for each started 3
 * minutes. Text (sms, chat, social): 0.5 for each started 15 agent messages;
 * spam, or no agent message at all, 0 (ADR 0101).
 */
export function unitsFor(r: { channel: Channel; outcome: Outcome; durationMs?: number | null; agentMessages?: number | null }): Units {
  if (r.outcome === "spam") return { milli: 0, rule: "spam" };
  if (r.channel !== "phone") {
    const messages = r.agentMessages ?? 0;
    if (messages <= 0) return { milli: 0, rule: "text_no_reply" };
    return { milli: 500 * Math.ceil(messages / TEXT_STEP_MESSAGES), rule: "text" };
  }
  if (r.outcome === "no_answer" || r.outcome === "busy" || r.outcome === "failed") return { milli: 20, rule: "failed_dial" };
  if (r.outcome === "voicemail") return { milli: 150, rule: "voicemail" };
  const ms = r.durationMs ?? 0;
  if (ms < VOICE_SHORT_MS) return { milli: 150, rule: "short_call" };
  if (ms <= VOICE_STEP_MS) return { milli: 1000, rule: "call" };
  return { milli: 1000 * (1 + Math.ceil((ms - VOICE_STEP_MS) / VOICE_STEP_MS)), rule: "long_call" };
}

/** The rule's words, for the call log's detail view. */
export const UNIT_RULE_TEXT: Record<UnitRule, string> = {
  spam: "Spam: no charge",
  failed_dial: "Failed dial (no answer or busy): 0.02 units",
  voicemail: "Voicemail: 0.15 units",
  short_call: "Call under 30 seconds: 0.15 units",
  call: "Call of 30 seconds to 3 minutes: 1 unit",
  long_call: "Call over 3 minutes: 1 unit, plus 1 for each started 3 minutes after the first 3",
  text: "Conversation: 0.5 units for each started 15 AI messages",
  text_no_reply: "Conversation without an AI message: no charge",
  test_call: "Test call from a tester number: free",
};

/** The tag a call from one of the account's tester numbers carries (issue 24); the month's first ten are free (TEST_CALL_UNITS), later ones billed by the rules above. */
export const TEST_TAG = "test";

/** A free test call: no units, its own rule (ingest.server.ts decides which calls are free). */
export const TEST_CALL_UNITS: Units = { milli: 0, rule: "test_call" };

/** Thousandths as the decimal number every API shows (1500 -> 1.5, 150 -> 0.15). */
export function toUnits(milli: number): number {
  return milli / 1000;
}

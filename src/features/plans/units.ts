/**
 * Billing units (spec 9): the ONE unit rule, in integer thousandths of a unit
 * (issue 26, ADR 0133). Ingestion, the Retell webhook, the call log, the cost
 * estimator, the pricing page's chart and FAQ all call `unitsFor`; the
 * ledger (usage/) sums what it gave. Pure and client-safe. It lives in plans,
 * the lowest feature, because the public pricing page reads it and usage
 * already depends on plans (usage → plans; plans → usage would be a cycle).
 */
import type { INTERACTION_CHANNELS, INTERACTION_OUTCOMES } from "@/db/schema/enums";
import { formatUnits } from "@/lib/format";
import type { Billing, Plan } from "./catalogue";

export type Channel = (typeof INTERACTION_CHANNELS)[number];
export type Outcome = (typeof INTERACTION_OUTCOMES)[number];

/** Which rule of spec 9 gave a record its units; the call log names it. */
export const UNIT_RULES = ["spam", "failed_dial", "voicemail", "short_call", "call", "long_call", "text", "text_no_reply", "test_call"] as const;
export type UnitRule = (typeof UNIT_RULES)[number];

export type Units = { milli: number; rule: UnitRule };

export const VOICE_SHORT_CALL_SECONDS = 30;
export const VOICE_STEP_SECONDS = 180;
export const TEXT_TURNS_PER_BLOCK = 15;
const VOICE_SHORT_MS = VOICE_SHORT_CALL_SECONDS * 1000;
const VOICE_STEP_MS = VOICE_STEP_SECONDS * 1000;

/**
 * Units of one record by spec 9, in integer thousandths (never floats).
 * Voice: spam 0; failed dial (no answer, busy, failed) 0.02; voicemail or under
 * 30 s 0.15; 30 s to 3 min 1; over 3 min one more unit for each started 3
 * minutes. Text (sms, chat, social): 0.5 for each started 15 agent messages;
 * spam, or no agent message at all, 0 (ADR 0144).
 */
export function unitsFor(r: { channel: Channel; outcome: Outcome; durationMs?: number | null; agentMessages?: number | null }): Units {
  if (r.outcome === "spam") return { milli: 0, rule: "spam" };
  if (r.channel !== "phone") {
    const messages = r.agentMessages ?? 0;
    if (messages <= 0) return { milli: 0, rule: "text_no_reply" };
    return { milli: 500 * Math.ceil(messages / TEXT_TURNS_PER_BLOCK), rule: "text" };
  }
  if (r.outcome === "no_answer" || r.outcome === "busy" || r.outcome === "failed") return { milli: 20, rule: "failed_dial" };
  if (r.outcome === "voicemail") return { milli: 150, rule: "voicemail" };
  const ms = r.durationMs ?? 0;
  if (ms < VOICE_SHORT_MS) return { milli: 150, rule: "short_call" };
  if (ms <= VOICE_STEP_MS) return { milli: 1000, rule: "call" };
  return { milli: 1000 * (1 + Math.ceil((ms - VOICE_STEP_MS) / VOICE_STEP_MS)), rule: "long_call" };
}

/**
 * Usage an admin recorded (usage_records: sessions, not units) in thousandths:
 * a phone session 1 unit, a text session half a unit (spec 9). It is billed,
 * so every view of a month counts it (ADR 0133).
 */
export function recordedMilli(r: { phone: number; text: number }): { phone: number; text: number } {
  return { phone: r.phone * 1000, text: r.text * 500 };
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

/** The outcomes the estimator and the chart speak of, mapped onto the rule's outcomes. */
export type CallOutcome = "answered" | "voicemail" | "failed";

/** Thousandths of a unit for one call of `durationSeconds` (the unit rule). */
export function callMilli(durationSeconds: number, outcome: CallOutcome = "answered"): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds < 0) {
    throw new RangeError("durationSeconds must be a finite number of seconds, 0 or more");
  }
  return unitsFor({ channel: "phone", outcome, durationMs: durationSeconds * 1000 }).milli;
}

/** Thousandths of a unit for one text conversation with this many agent messages (the unit rule). */
export function conversationMilli(agentTurns: number): number {
  if (!Number.isInteger(agentTurns) || agentTurns < 0) {
    throw new RangeError("agentTurns must be a whole number, 0 or more");
  }
  return unitsFor({ channel: "sms", outcome: "answered", agentMessages: agentTurns }).milli;
}

/** Units for one call: under 30 s or voicemail 0.15; 30 s-3 min 1; 3-6 min 2; 6-9 min 3; failed dial 0.02. */
export function voiceUnits(durationSeconds: number, outcome: CallOutcome = "answered"): number {
  return toUnits(callMilli(durationSeconds, outcome));
}

/** Units for one text conversation: 0.5 up to 15 turns, 1 up to 30, 1.5 up to 45 ... (0 without an agent message). */
export function textUnits(agentTurns: number): number {
  return toUnits(conversationMilli(agentTurns));
}

/**
 * The extra-units formula, once (ADR 0133): a month's thousandths over the
 * plan's included units, priced at the plan's extra-unit price for the
 * billing, rounded to a cent once. No plan, or no limit (Enterprise): nothing
 * extra. The ledger's priceUsage (usage/pricing.ts) adds the trial rule; the
 * cost estimator calls it directly.
 */
export function extraUnits(usedMilli: number, plan: Plan | undefined, billing: Billing): { includedMilli: number | null; extraMilli: number; costCents: number } {
  const included = plan?.units ?? null;
  if (included === null) return { includedMilli: null, extraMilli: 0, costCents: 0 };
  const includedMilli = included * 1000;
  const extraMilli = Math.max(0, usedMilli - includedMilli);
  const rate = plan?.extraUnitPrice?.[billing] ?? 0;
  return { includedMilli, extraMilli, costCents: Math.round((extraMilli * rate) / 1000) };
}

/** The longest call the chart lists a row for; the row after it covers every longer call. */
export const CHART_MAX_CALL_MINUTES = 15;

const stepMinutes = VOICE_STEP_SECONDS / 60;

/** One chart row per 3-minute step, up to CHART_MAX_CALL_MINUTES: 'Call from 12 to 15 minutes' costs 5. */
function callStepRows(): { usage: string; units: string }[] {
  const rows = [];
  for (let end = stepMinutes; end <= CHART_MAX_CALL_MINUTES; end += stepMinutes) {
    const start = end - stepMinutes;
    const usage = start === 0 ? `Call from ${VOICE_SHORT_CALL_SECONDS} seconds to ${end} minutes` : `Call from ${start} to ${end} minutes`;
    rows.push({ usage, units: formatUnits(voiceUnits(end * 60)) });
  }
  return rows;
}

/**
 * Rows of the pricing page's unit calculation chart, computed from the unit
 * rule: they reach as far as the cost estimator (whose call length has no
 * upper bound), ending with the rule for every longer call.
 */
export const UNIT_CHART: readonly { usage: string; units: string }[] = [
  { usage: `Call under ${VOICE_SHORT_CALL_SECONDS} seconds or voicemail`, units: formatUnits(voiceUnits(0)) },
  ...callStepRows(),
  { usage: `Each further ${stepMinutes} minutes or part of them`, units: `+${formatUnits(voiceUnits(VOICE_STEP_SECONDS * 2) - voiceUnits(VOICE_STEP_SECONDS))}` },
  { usage: "Failed dial (no answer or busy)", units: formatUnits(voiceUnits(0, "failed")) },
  { usage: `Text conversation within ${TEXT_TURNS_PER_BLOCK} turns`, units: formatUnits(textUnits(TEXT_TURNS_PER_BLOCK)) },
  { usage: `Each further ${TEXT_TURNS_PER_BLOCK} agent messages or part of them`, units: `+${formatUnits(textUnits(TEXT_TURNS_PER_BLOCK * 2) - textUnits(TEXT_TURNS_PER_BLOCK))}` },
];

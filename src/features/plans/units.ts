/**
 * Billing units (spec 9). Pure functions; the pricing page's unit chart, the
 * cost estimator and any usage tooling read them. Units are returned as
 * numbers (0.15, 0.5, 1, 2 ...); the *Centi variants return hundredths of a
 * unit as integers so sums never drift.
 */

export type CallOutcome = "answered" | "voicemail" | "failed";

export const VOICE_SHORT_CALL_SECONDS = 30;
export const VOICE_STEP_SECONDS = 180;
export const TEXT_TURNS_PER_BLOCK = 15;

/** Hundredths of a unit for one call. */
export function voiceCentiUnits(durationSeconds: number, outcome: CallOutcome = "answered"): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds < 0) {
    throw new RangeError("durationSeconds must be a finite number of seconds, 0 or more");
  }
  // Failed dial: no answer or busy.
  if (outcome === "failed") return 2;
  // Voicemail, or any call under 30 seconds.
  if (outcome === "voicemail" || durationSeconds < VOICE_SHORT_CALL_SECONDS) return 15;
  // 30 s up to and including 3 minutes: one unit; then one more per started 3-minute step.
  return Math.max(1, Math.ceil(durationSeconds / VOICE_STEP_SECONDS)) * 100;
}

/** Units for one call: under 30 s or voicemail 0.15; 30 s-3 min 1; 3-6 min 2; 6-9 min 3; failed dial 0.02. */
export function voiceUnits(durationSeconds: number, outcome: CallOutcome = "answered"): number {
  return voiceCentiUnits(durationSeconds, outcome) / 100;
}

/** Hundredths of a unit for one text conversation with this many agent messages (turns). */
export function textCentiUnits(agentTurns: number): number {
  if (!Number.isInteger(agentTurns) || agentTurns < 0) {
    throw new RangeError("agentTurns must be a whole number, 0 or more");
  }
  // 0.5 within 15 turns, +0.5 per further 15 agent messages or part thereof.
  return Math.max(1, Math.ceil(agentTurns / TEXT_TURNS_PER_BLOCK)) * 50;
}

/** Units for one text conversation: 0.5 up to 15 turns, 1 up to 30, 1.5 up to 45 ... */
export function textUnits(agentTurns: number): number {
  return textCentiUnits(agentTurns) / 100;
}

/** Rows of the pricing page's unit calculation chart. */
export const UNIT_CHART: readonly { usage: string; units: string }[] = [
  { usage: "Call under 30 seconds or voicemail", units: "0.15" },
  { usage: "Call from 30 seconds to 3 minutes", units: "1" },
  { usage: "Call from 3 to 6 minutes", units: "2" },
  { usage: "Call from 6 to 9 minutes", units: "3" },
  { usage: "Call from 9 to 12 minutes", units: "4" },
  { usage: "Failed dial (no answer or busy)", units: "0.02" },
  { usage: "Text conversation within 15 turns", units: "0.5" },
  { usage: "Each further 15 agent messages or part of them", units: "+0.5" },
];

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

/** A number with its thousands grouped, as every page shows units: '2,900', '0.15', '1,234.5'. */
export function formatUnits(units: number): string {
  return units.toLocaleString("en-US", { maximumFractionDigits: 2 });
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
 * rules: they reach as far as the cost estimator (whose call length has no
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

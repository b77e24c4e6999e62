import { DISABLE_AFTER_FAILING_MS, RETRY_SCHEDULE_SECONDS } from "./event-types";

/**
 * What one attempt's answer means for its delivery and its endpoint (ADR
 * 0126). Pure: the delivery job applies it.
 */

/** Answers that slow the endpoint down (it is overloaded, or its gateway is). */
export const SLOW_DOWN_STATUSES: ReadonlySet<number> = new Set([429, 502, 504]);
/** The first slow-down step; each further 429/502/504 doubles it, up to the last. */
export const SLOW_STEP_MIN_SECONDS = 30;
export const SLOW_STEP_MAX_SECONDS = 60 * 60;
/** The longest Retry-After honoured. */
export const RETRY_AFTER_MAX_SECONDS = 24 * 60 * 60;

export type AttemptKind = "succeeded" | "gone" | "slow" | "failed";

/** How an answer (or no answer: null) is treated. */
export function attemptKind(statusCode: number | null): AttemptKind {
  if (statusCode === null) return "failed";
  if (statusCode >= 200 && statusCode < 300) return "succeeded";
  if (statusCode === 410) return "gone";
  if (SLOW_DOWN_STATUSES.has(statusCode)) return "slow";
  return "failed";
}

/** The slow-down step after one more 429/502/504: 30 s, 60 s, 120 s … at most 1 h. */
export function nextSlowStep(currentSeconds: number): number {
  return currentSeconds <= 0 ? SLOW_STEP_MIN_SECONDS : Math.min(Math.max(currentSeconds * 2, SLOW_STEP_MIN_SECONDS), SLOW_STEP_MAX_SECONDS);
}

/** How long the endpoint is left alone after a 429/502/504: its Retry-After when it sent one, else the step. */
export function slowDownSeconds(stepSeconds: number, retryAfterSeconds: number | null): number {
  return retryAfterSeconds === null ? stepSeconds : Math.min(Math.max(retryAfterSeconds, 1), RETRY_AFTER_MAX_SECONDS);
}

/** Retry-After as seconds from `now` (delay-seconds or an HTTP date, RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

export type DeliveryStep = { status: "succeeded" } | { status: "failed"; disable: "gone" | "failing" | null } | { status: "pending"; nextAttemptAt: Date };

/**
 * The delivery after attempt number `attempt` (1 for the first) ended as
 * `kind`. `failingSince` and `slowUntil` are the endpoint's after this
 * attempt was counted. A failure retries at RETRY_SCHEDULE_SECONDS[attempt-1]
 * (never before the endpoint's slow-down ends); the schedule used up, the
 * delivery fails; an endpoint failing for DISABLE_AFTER_FAILING_MS is
 * disabled (and this delivery fails with it).
 */
export function stepAfterAttempt(input: { kind: AttemptKind; attempt: number; failingSince: Date | null; slowUntil: Date | null; now: Date }): DeliveryStep {
  const { kind, attempt, failingSince, slowUntil, now } = input;
  if (kind === "succeeded") return { status: "succeeded" };
  if (kind === "gone") return { status: "failed", disable: "gone" };
  if (failingSince && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) return { status: "failed", disable: "failing" };
  const delay = RETRY_SCHEDULE_SECONDS[attempt - 1];
  if (delay === undefined) return { status: "failed", disable: null };
  const scheduled = now.getTime() + delay * 1000;
  return { status: "pending", nextAttemptAt: new Date(Math.max(scheduled, slowUntil?.getTime() ?? 0)) };
}

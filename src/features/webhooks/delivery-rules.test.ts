import { describe, expect, it } from "vitest";
import { attemptKind, nextSlowStep, parseRetryAfter, slowDownSeconds, stepAfterAttempt } from "./delivery-rules";
import { DISABLE_AFTER_FAILING_MS, RETRY_SCHEDULE_SECONDS } from "./event-types";

const now = new Date("2026-11-27T10:00:00.000Z");
const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("what an answer means", () => {
  it("2xx succeeds, 410 is gone, 429/502/504 slow down, anything else (or no answer) fails", () => {
    expect([200, 201, 204, 299].map(attemptKind)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
    expect(attemptKind(410)).toBe("gone");
    expect([429, 502, 504].map(attemptKind)).toEqual(["slow", "slow", "slow"]);
    expect([null, 301, 400, 401, 404, 500, 503].map(attemptKind)).toEqual(["failed", "failed", "failed", "failed", "failed", "failed", "failed"]);
  });

  it("the slow-down step starts at 30 s and doubles up to 1 h; Retry-After wins when sent", () => {
    const steps: number[] = [];
    for (let s = 0, i = 0; i < 10; i++) steps.push((s = nextSlowStep(s)));
    expect(steps).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    expect(slowDownSeconds(60, null)).toBe(60);
    expect(slowDownSeconds(60, 5)).toBe(5);
    expect(slowDownSeconds(60, 10 ** 9)).toBe(24 * 3600);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 7 ", now)).toBe(7);
    expect(parseRetryAfter("Fri, 27 Nov 2026 10:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Fri, 27 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe("the delivery after an attempt", () => {
  it("retries on the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then fails", () => {
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      const step = stepAfterAttempt({ kind: "failed", attempt, failingSince: now, slowUntil: null, now });
      if (step.status !== "pending") {
        expect(attempt).toBe(10);
        expect(step).toEqual({ status: "failed", disable: null });
        break;
      }
      delays.push((step.nextAttemptAt.getTime() - now.getTime()) / 1000);
    }
    expect(delays).toEqual([...RETRY_SCHEDULE_SECONDS]);
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
  });

  it("never retries before the endpoint's slow-down ends", () => {
    expect(stepAfterAttempt({ kind: "slow", attempt: 1, failingSince: now, slowUntil: after(120), now })).toEqual({ status: "pending", nextAttemptAt: after(120) });
    expect(stepAfterAttempt({ kind: "slow", attempt: 2, failingSince: now, slowUntil: after(120), now })).toEqual({ status: "pending", nextAttemptAt: after(300) });
  });

  it("succeeds on 2xx, fails and disables on 410", () => {
    expect(stepAfterAttempt({ kind: "succeeded", attempt: 3, failingSince: null, slowUntil: null, now })).toEqual({ status: "succeeded" });
    expect(stepAfterAttempt({ kind: "gone", attempt: 1, failingSince: now, slowUntil: null, now })).toEqual({ status: "failed", disable: "gone" });
  });

  it("disables an endpoint failing for 5 days, not a moment before", () => {
    const justUnder = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS + 1000);
    const fiveDays = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS);
    expect(stepAfterAttempt({ kind: "failed", attempt: 2, failingSince: justUnder, slowUntil: null, now }).status).toBe("pending");
    expect(stepAfterAttempt({ kind: "failed", attempt: 2, failingSince: fiveDays, slowUntil: null, now })).toEqual({ status: "failed", disable: "failing" });
    expect(stepAfterAttempt({ kind: "slow", attempt: 2, failingSince: fiveDays, slowUntil: null, now })).toEqual({ status: "failed", disable: "failing" });
  });
});

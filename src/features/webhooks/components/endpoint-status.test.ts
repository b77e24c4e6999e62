import { describe, expect, it } from "vitest";
import { disabledNote, failingNote, lastAnswer } from "./endpoint-status";

describe("endpoint notes", () => {
  it("says why the product turned an endpoint off, and nothing when a person did or it is on", () => {
    expect(disabledNote({ enabled: false, disabledReason: "gone" })).toBe("Turned off: the endpoint answered 410 Gone");
    expect(disabledNote({ enabled: false, disabledReason: "failing" })).toBe("Turned off after 5 days of failed deliveries");
    expect(disabledNote({ enabled: false, disabledReason: null })).toBeNull();
    expect(disabledNote({ enabled: true, disabledReason: "gone" })).toBeNull();
  });

  it("says since when deliveries fail, in the account's time zone", () => {
    expect(failingNote({ failingSince: "2026-11-23T14:05:00.000Z" }, "America/New_York")).toBe("Failing since Nov 23, 2026 09:05");
    expect(failingNote({ failingSince: null }, "UTC")).toBeNull();
  });
});

describe("the last answer of a delivery", () => {
  const attempt = (attemptedAt: string, statusCode: number | null) => ({ id: attemptedAt, attemptedAt, statusCode, response: "", durationMs: 10, trigger: "retry" as const });
  it("is the newest attempt's status, whatever the log's order", () => {
    expect(lastAnswer({ attempts: 2, lastStatusCode: 500, attemptLog: [attempt("2026-11-23T10:00:00Z", 500), attempt("2026-11-23T09:00:00Z", 502)] })).toBe("500");
    expect(lastAnswer({ attempts: 2, lastStatusCode: 200, attemptLog: [attempt("2026-11-23T09:00:00Z", 500), attempt("2026-11-23T10:00:00Z", 200)] })).toBe("200");
  });
  it("says when no answer came, or nothing was sent yet", () => {
    expect(lastAnswer({ attempts: 1, lastStatusCode: null, attemptLog: [attempt("2026-11-23T10:00:00Z", null)] })).toBe("No answer");
    expect(lastAnswer({ attempts: 0, lastStatusCode: null, attemptLog: [] })).toBe("Not sent yet");
    expect(lastAnswer({ attempts: 3, lastStatusCode: 429, attemptLog: [] })).toBe("429");
  });
});

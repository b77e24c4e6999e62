import { describe, expect, it } from "vitest";
import { syncText, timeOrDateTime } from "./sync-text";
import type { SyncStatus } from "./settings-response";

const base: SyncStatus = { state: "live", liveVersion: 2, liveSince: null, error: null, nextRetryAt: null, platform: "local" };
// 2026-03-04 15:00 in New York.
const now = new Date("2026-03-04T20:00:00Z");

describe("the sync line", () => {
  it("says since when the version is live, in the account's time zone", () => {
    expect(syncText({ ...base, liveSince: "2026-03-04T15:42:10Z" }, "America/New_York", now)).toBe("Live since 10:42");
    expect(syncText({ ...base, liveSince: "2026-03-04T15:42:10Z" }, "Europe/Berlin", now)).toBe("Live since 16:42");
  });

  it("adds the date when that is not today there", () => {
    expect(syncText({ ...base, liveSince: "2026-03-02T15:42:00Z" }, "America/New_York", now)).toBe("Live since Mar 2, 2026 10:42");
    // 03:30Z on the 5th is still today (the 4th) in New York; 05:30Z is the 5th there.
    expect(timeOrDateTime("2026-03-05T03:30:00Z", "America/New_York", now)).toBe("22:30");
    expect(timeOrDateTime("2026-03-05T05:30:00Z", "America/New_York", now)).toBe("Mar 5, 2026 00:30");
    // In Tokyo it is already the 5th: 12:30 on the 4th is yesterday there.
    expect(timeOrDateTime("2026-03-04T03:30:00Z", "Asia/Tokyo", now)).toBe("Mar 4, 2026 12:30");
  });

  it("is live with no time before the platform has said when", () => {
    expect(syncText(base, "UTC", now)).toBe("Live");
  });

  it("says it is updating", () => {
    expect(syncText({ ...base, state: "updating" }, "UTC", now)).toBe("Updating…");
  });

  it("gives the platform's reason and when it tries again", () => {
    const failed: SyncStatus = { ...base, state: "failed", error: "Retell answered 503 Service Unavailable.", nextRetryAt: "2026-03-04T20:04:30Z" };
    expect(syncText(failed, "UTC", now)).toBe("Could not update: Retell answered 503 Service Unavailable. Retrying in 5 min");
    expect(syncText({ ...failed, nextRetryAt: "2026-03-04T19:59:00Z" }, "UTC", now)).toBe("Could not update: Retell answered 503 Service Unavailable. Retrying in 1 min");
    expect(syncText({ ...failed, nextRetryAt: null, error: null }, "UTC", now)).toBe("Could not update: the voice platform did not answer.");
  });
});

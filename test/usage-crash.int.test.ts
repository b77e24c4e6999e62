import { afterAll, describe, expect, it } from "vitest";
import { workerFixture } from "./worker-process";

const worker = workerFixture("usage-crash-worker.ts", { timeoutMs: 60_000 });

afterAll(() => worker.remove());

describe("killing the server between recording usage and reporting it", () => {
  it("loses nothing: a restarted worker reports every category exactly once", async () => {
    const first = await worker.run(["record"], (out) => /REPORTING (\S+)\n/.test(out));
    expect(first.killed).toBe(true);
    const recordId = /REPORTING (\S+)/.exec(first.out)![1]!;

    const second = await worker.run(["resume", recordId]);
    const result = JSON.parse(/RESULT (.*)\n/.exec(second.out)![1]!) as {
      events: Array<[string, { eventName: string; value: number }]>;
      calls: number;
      reportedAt: string | null;
    };
    const byId = Object.fromEntries(result.events);
    expect(Object.keys(byId).sort()).toEqual([`usage-${recordId}-phoneInbound`, `usage-${recordId}-textInbound`, `usage-${recordId}-textOutbound`].sort());
    expect(
      Object.values(byId)
        .map((e) => [e.eventName, e.value])
        .sort(),
    ).toEqual(
      [
        ["phone_inbound", 7],
        ["text_inbound", 3],
        ["text_outbound", 2],
      ].sort(),
    );
    expect(result.calls).toBe(3);
    expect(result.reportedAt).not.toBeNull();
  }, 120_000);
});

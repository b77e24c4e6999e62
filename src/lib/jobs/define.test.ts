import { describe, expect, it } from "vitest";
import { z } from "@/lib/zod";
import { defineJob, jobIdForKey, JOB_DEFAULTS, nameBasedUuid } from "./define";

describe("job ids from idempotency keys", () => {
  it("are RFC 4122 version 5 UUIDs (known vector: python.org in the DNS namespace)", () => {
    expect(nameBasedUuid("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "python.org")).toBe("886313e1-3b8a-5372-9b90-0c9aee199e5d");
  });

  it("are the same for the same key and differ between keys", () => {
    const a = jobIdForKey("usage-report-1");
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdForKey("usage-report-1")).toBe(a);
    expect(jobIdForKey("usage-report-2")).not.toBe(a);
    expect(jobIdForKey("overage-1")).not.toBe(jobIdForKey("overage-1 "));
  });
});

describe("defineJob", () => {
  const schema = z.object({ id: z.string() });
  const handler = async () => {};

  it("fills in the retry defaults", () => {
    const job = defineJob({ kind: "test.kind", schema, handler });
    expect(job).toMatchObject({ kind: "test.kind", ...JOB_DEFAULTS });
    expect(defineJob({ kind: "test.kind", schema, handler, maxAttempts: 8 }).maxAttempts).toBe(8);
  });

  it("refuses a kind pg-boss cannot name a queue after, and a bad attempt count", () => {
    expect(() => defineJob({ kind: "has space", schema, handler })).toThrow(/may only use/);
    expect(() => defineJob({ kind: "ok", schema, handler, maxAttempts: 0 })).toThrow(/maxAttempts/);
  });
});

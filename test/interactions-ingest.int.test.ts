import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { usageMonth } from "@/features/usage/usage-month";
import { apiKeys, interactions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions, type IngestAnswer } from "./interactions-fixtures";

/** Issue 13: POST /api/v1/interactions (ADR 0101). */

let admin: TestUser;
let key: string;
let nova: Awaited<ReturnType<typeof customerWithAiEmployee>>;

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  admin = await createUser({ role: "admin" });
  key = await newApiKey(admin);
  nova = await customerWithAiEmployee();
});

async function answer(res: Response): Promise<IngestAnswer["results"]> {
  expect(res.status).toBe(200);
  return ((await res.json()) as IngestAnswer).results;
}

async function stored(ids: string[]) {
  const db = await getDb();
  return db.select().from(interactions).where(inArray(interactions.externalId, ids));
}

describe("keys", () => {
  it("refuses a missing, unknown or revoked key with 401 and stores nothing", async () => {
    const rec = phoneRecord(nova.orderId);
    expect((await postInteractions(null, { interactions: [rec] })).status).toBe(401);
    const wrong = await postInteractions("hfk_not-a-key", { interactions: [rec] });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe("Invalid or revoked API key");
    const revoked = await newApiKey(admin);
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.keyPrefix, revoked.slice(0, 10)));
    expect((await postInteractions(revoked, { interactions: [rec] })).status).toBe(401);
    expect(await stored([rec.id as string])).toHaveLength(0);
  });

  it("answers 429 with Retry-After past the per-key limit, and counts the last use", async () => {
    const limited = await newApiKey(admin);
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ windowStart: new Date(), windowCount: 600 })
      .where(eq(apiKeys.keyPrefix, limited.slice(0, 10)));
    const res = await postInteractions(limited, { interactions: [phoneRecord(nova.orderId)] });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A window that has passed starts again.
    await db
      .update(apiKeys)
      .set({ windowStart: new Date(Date.now() - 61_000), windowCount: 600 })
      .where(eq(apiKeys.keyPrefix, limited.slice(0, 10)));
    expect((await postInteractions(limited, { interactions: [phoneRecord(nova.orderId)] })).status).toBe(200);
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyPrefix, limited.slice(0, 10)));
    expect(row!.windowCount).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
  });
});

describe("a batch", () => {
  it("stores the valid records and rejects each bad one with a message naming the field, in request order", async () => {
    const good = phoneRecord(nova.orderId, { durationSeconds: 200 });
    const byPhone = phoneRecord("", { aiEmployeeId: undefined, aiPhoneNumber: `+1${nova.phone.replace(/\D/g, "").slice(-10)}`, channel: "sms", durationSeconds: undefined, agentMessages: 16 });
    const batch = [
      good,
      phoneRecord("no-such-employee"),
      phoneRecord(nova.orderId, { durationSeconds: -5 }),
      phoneRecord(nova.orderId, { channel: "fax" }),
      phoneRecord(nova.orderId, { outcome: "hung_up" }),
      phoneRecord(nova.orderId, { durationSeconds: 100_000 }),
      phoneRecord(nova.orderId, { summary: "bad\u0000text" }),
      phoneRecord(nova.orderId, { durationSeconds: undefined }),
      phoneRecord(nova.orderId, { recordingUrl: "http://insecure.example.com/a.wav" }),
      byPhone,
      { nothing: true },
    ];
    const results = await answer(await postInteractions(key, { interactions: batch }));
    expect(results.map((r) => r.status)).toEqual(["created", "rejected", "rejected", "rejected", "rejected", "rejected", "rejected", "rejected", "rejected", "created", "rejected"]);
    expect(results[0]).toEqual({ id: good.id, status: "created", units: 2, message: null });
    expect(results[9]).toEqual({ id: byPhone.id, status: "created", units: 1, message: null });
    expect(results[1]!.message).toBe("aiEmployeeId: no AI employee has this id");
    expect(results[2]!.message).toBe("durationSeconds: must not be negative");
    expect(results[3]!.message).toMatch(/^channel: must be one of: phone, sms, chat, social/);
    expect(results[4]!.message).toMatch(/^outcome: must be one of: answered, voicemail/);
    expect(results[5]!.message).toMatch(/^durationSeconds: must be at most 86400/);
    expect(results[6]!.message).toBe("summary: text must not contain NUL characters");
    expect(results[7]!.message).toBe("durationSeconds: is required for a phone call");
    expect(results[8]!.message).toBe("recordingUrl: must be an https URL");
    expect(results[10]).toMatchObject({ id: null, status: "rejected" });
    const rows = await stored(batch.map((r) => (r as { id?: string }).id).filter((id): id is string => Boolean(id)));
    expect(rows.map((r) => r.externalId).sort()).toEqual([good.id, byPhone.id].sort());
    const sms = rows.find((r) => r.externalId === byPhone.id)!;
    expect([sms.aiReadyOrderId, sms.accountId, sms.subscriptionId, sms.unitsMilli, sms.unitRule]).toEqual([nova.orderId, nova.user.id, nova.subscriptionId, 1000, "text"]);
  });

  it("answers 400 for a body that is not {interactions: [...]} and 413 past 1,000 records", async () => {
    expect((await postInteractions(key, "{not json")).status).toBe(400);
    expect((await postInteractions(key, { interactions: [] })).status).toBe(400);
    expect((await postInteractions(key, { calls: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 1001 }, () => phoneRecord(nova.orderId));
    const res = await postInteractions(key, { interactions: tooMany });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe("interactions: at most 1000 records per request (got 1001)");
    expect(await stored(tooMany.slice(0, 5).map((r) => r.id as string))).toHaveLength(0);
  });
});

describe("bodies that once failed as a whole", () => {
  it("answers a record with a field nested 200,000 levels deep per record, not with a server error", async () => {
    const rec = phoneRecord(nova.orderId);
    const depth = 200_000;
    const body = `{"interactions":[${JSON.stringify(rec).slice(0, -1)},"extra":${"[".repeat(depth)}"leaf"${"]".repeat(depth)}}]}`;
    const [result] = await answer(await postInteractions(key, body));
    expect(result!.id).toBe(rec.id);
    expect(["created", "rejected"]).toContain(result!.status);
  });

  it("stores a backfill spanning more than two years: only the open months count, older ones are late (issue 21)", async () => {
    const c = await customerWithAiEmployee({ createdAt: new Date(Date.now() - 3 * 365 * 86_400_000) });
    const records = Array.from({ length: 30 }, (_, i) => phoneRecord(c.orderId, { startedAt: new Date(Date.now() - (1 + i * 31) * 86_400_000).toISOString() }));
    const results = await answer(await postInteractions(key, { interactions: records }));
    expect(results.map((r) => r.status)).toEqual(records.map(() => "created"));
    const db = await getDb();
    const rows = await stored(records.map((r) => r.id as string));
    // The meter window is 35 days: the records of the last month or two count, every older one is late.
    const counted = rows.filter((r) => r.usageMonthStart !== null);
    expect(counted.length).toBeGreaterThanOrEqual(1);
    expect(counted.length).toBeLessThanOrEqual(3);
    expect(rows.filter((r) => r.billingNote === "late")).toHaveLength(30 - counted.length);
    expect(results.filter((r) => /^stored late: its usage month \(\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\) is closed/.test(r.message ?? ""))).toHaveLength(30 - counted.length);
    const [months] = await db
      .select({ n: sql<number>`count(distinct ${interactions.usageMonthStart})::int` })
      .from(interactions)
      .where(eq(interactions.subscriptionId, c.subscriptionId!));
    expect(months!.n).toBe(new Set(counted.map((r) => r.usageMonthStart!.getTime())).size);
  });
});

describe("idempotency", () => {
  it("answers the same id again as a duplicate with its original units, and stores it once", async () => {
    const rec = phoneRecord(nova.orderId, { outcome: "voicemail", durationSeconds: 40 });
    expect((await answer(await postInteractions(key, { interactions: [rec] })))[0]).toMatchObject({ status: "created", units: 0.15 });
    // Sent again with other numbers: the first stays.
    const again = await answer(await postInteractions(key, { interactions: [{ ...rec, outcome: "answered", durationSeconds: 400 }, rec] }));
    expect(again).toEqual([
      { id: rec.id, status: "duplicate", units: 0.15, message: "already received" },
      { id: rec.id, status: "duplicate", units: 0.15, message: "already received" },
    ]);
    expect(await stored([rec.id as string])).toHaveLength(1);
  });

  it("stores each record once when the same batch is sent concurrently", async () => {
    const batch = Array.from({ length: 40 }, (_, i) => phoneRecord(nova.orderId, { durationSeconds: 10 + i * 10 }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => postInteractions(key, { interactions: batch }).then(answer)));
    for (let i = 0; i < batch.length; i++) {
      const statuses = answers.map((a) => a[i]!.status);
      expect(statuses.filter((s) => s === "created")).toHaveLength(1);
      expect(new Set(answers.map((a) => a[i]!.units)).size).toBe(1);
    }
    const db = await getDb();
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(interactions)
      .where(
        and(
          inArray(
            interactions.externalId,
            batch.map((r) => r.id as string),
          ),
        ),
      );
    expect(count!.n).toBe(40);
  });
});

describe("whose records", () => {
  it("records of an AI employee without a counting subscription are stored but count against no month", async () => {
    const pending = await customerWithAiEmployee({ subscription: null });
    const rec = phoneRecord(pending.orderId);
    expect((await answer(await postInteractions(key, { interactions: [rec] })))[0]!.status).toBe("created");
    const [row] = await stored([rec.id as string]);
    expect([row!.accountId, row!.subscriptionId, row!.usageMonthStart]).toEqual([pending.user.id, null, null]);
  });

  it("dates each record into its subscription's usage month, counted from the anchor day", async () => {
    // The trial ended 50 days ago: the usage months run from that day (ADR 0145); usage-month.test.ts covers the calendar.
    const anchor = new Date(Date.now() - 50 * 86_400_000);
    const sub = await customerWithAiEmployee({ trialEnd: anchor, createdAt: new Date(anchor.getTime() - 14 * 86_400_000) });
    const recent = phoneRecord(sub.orderId, { startedAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    await answer(await postInteractions(key, { interactions: [recent] }));
    const [row] = await stored([recent.id as string]);
    expect(row!.usageMonthStart!.toISOString()).toBe(usageMonth(anchor, new Date(recent.startedAt as string)).start.toISOString());
  });
});

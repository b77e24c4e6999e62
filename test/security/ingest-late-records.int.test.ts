import { randomUUID } from "node:crypto";
import { addMonths } from "date-fns";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { interactions, meterReports, overageEntries } from "@/db/schema";
import * as monthlyCsv from "@app/api/interactions/monthly-usage.csv/route";
import * as reportSpam from "@app/api/interactions/[id]/report-spam/route";
import { call, createUser } from "../http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions, type IngestAnswer } from "../interactions-fixtures";
import { deliverRetell, retellFixture, retellRows, withRetellKey } from "../retell-helpers";

/**
 * Issue 21: records that arrive late, early, or broken. A record older than
 * its AI employee or subscription counts toward no billed month; one for a
 * closed month (overage billed, or the meter window over) is stored late and
 * changes no billed total; a bad record is rejected on its own.
 */
withRetellKey();

const DAY = 86_400_000;
let key: string;
let c: Awaited<ReturnType<typeof customerWithAiEmployee>>;
const subStart = new Date(Date.now() - 40 * DAY);

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  key = await newApiKey(await createUser({ role: "admin" }));
  c = await customerWithAiEmployee({ createdAt: subStart, phone: "+1 (415) 555-0142" });
});

async function ingest(records: Record<string, unknown>[]) {
  const res = await postInteractions(key, { interactions: records });
  expect(res.status).toBe(200);
  return ((await res.json()) as IngestAnswer).results;
}

async function stored(ids: unknown[]) {
  const db = await getDb();
  return db
    .select()
    .from(interactions)
    .where(inArray(interactions.externalId, ids as string[]));
}

async function monthlyUsage(): Promise<string> {
  const res = await call(monthlyCsv.GET, { path: "/api/interactions/monthly-usage.csv", cookie: c.user.cookie });
  expect(res.status).toBe(200);
  return res.text();
}

async function meterRows() {
  const db = await getDb();
  return db.select().from(meterReports).where(eq(meterReports.subscriptionId, c.subscriptionId!));
}

describe("records dated before the service", () => {
  it("stores a record from 1999, or from before the subscription, and bills it into no month", async () => {
    const y1999 = phoneRecord(c.orderId, { startedAt: "1999-06-01T10:00:00Z" });
    const beforeSub = phoneRecord(c.orderId, { startedAt: new Date(subStart.getTime() - 3 * DAY).toISOString() });
    const meters = await meterRows();
    const results = await ingest([y1999, beforeSub]);
    for (const r of results) {
      expect(r).toMatchObject({ status: "created", units: 1, message: "stored: dated before its AI employee or subscription began, so it counts toward no billed month" });
    }
    const rows = await stored([y1999.id, beforeSub.id]);
    expect(rows.map((r) => [r.accountId, r.subscriptionId, r.usageMonthStart, r.billingNote])).toEqual(rows.map(() => [c.user.id, null, null, "before_service"]));
    // No meter was told of them.
    expect(await meterRows()).toEqual(meters);
  });
});

describe("closed months are frozen", () => {
  it("a record for a month whose overage was billed is stored late and changes no total, CSV row or meter", async () => {
    const firstMonth = { start: subStart, end: addMonths(subStart, 1) };
    const inFirst = phoneRecord(c.orderId, { startedAt: new Date(subStart.getTime() + 2 * DAY).toISOString() });
    expect((await ingest([inFirst]))[0]).toMatchObject({ status: "created", message: null });
    // The admin bills the first month's overage.
    const db = await getDb();
    await db
      .insert(overageEntries)
      .values({ id: randomUUID(), subscriptionId: c.subscriptionId!, periodStart: firstMonth.start, periodEnd: firstMonth.end, billNow: true, status: "billed", totalAmount: 0 });
    const csvBefore = await monthlyUsage();
    const meters = await meterRows();

    const late = phoneRecord(c.orderId, { startedAt: new Date(subStart.getTime() + 5 * DAY).toISOString(), durationSeconds: 900 });
    const [answer] = await ingest([late]);
    expect(answer).toMatchObject({ status: "created", units: 5 });
    expect(answer!.message).toBe(
      `stored late: its usage month (${firstMonth.start.toISOString().slice(0, 10)} to ${firstMonth.end.toISOString().slice(0, 10)}) is closed, so it changes no billed total`,
    );
    const [row] = await stored([late.id]);
    expect([row!.billingNote, row!.subscriptionId, row!.usageMonthStart, row!.accountId]).toEqual(["late", null, null, c.user.id]);
    expect(await monthlyUsage()).toBe(csvBefore);
    expect(await meterRows()).toEqual(meters);

    // Nor can a spam report credit a call of the closed month.
    const [billed] = await stored([inFirst.id]);
    const report = await call(reportSpam.POST, { method: "POST", path: `/api/interactions/${billed!.id}/report-spam`, cookie: c.user.cookie, params: { id: billed!.id } });
    expect(report.status).toBe(409);
    expect(((await report.json()) as { message: string }).message).toMatch(/usage month is closed/);
    expect((await stored([inFirst.id]))[0]).toMatchObject({ spamReportedAt: null, spamReview: null });
    expect(await monthlyUsage()).toBe(csvBefore);

    // The month now open still counts.
    const current = phoneRecord(c.orderId, { startedAt: new Date(Date.now() - DAY).toISOString() });
    expect((await ingest([current]))[0]).toMatchObject({ status: "created", message: null });
    expect((await stored([current.id]))[0]!.usageMonthStart).not.toBeNull();
    expect(await monthlyUsage()).not.toBe(csvBefore);
  });

  it("a record whose month is past the provider's meter window is stored late", async () => {
    const old = await customerWithAiEmployee({ createdAt: new Date(Date.now() - 200 * DAY) });
    const rec = phoneRecord(old.orderId, { startedAt: new Date(Date.now() - 120 * DAY).toISOString() });
    expect((await ingest([rec]))[0]).toMatchObject({ status: "created", message: expect.stringMatching(/^stored late: /) });
    expect((await stored([rec.id]))[0]).toMatchObject({ billingNote: "late", usageMonthStart: null, subscriptionId: null });
  });
});

describe("one bad record never fails the batch", () => {
  it("rejects a lone surrogate, a year-1 start and a start in the future on their own and stores the other 497", async () => {
    const records = Array.from({ length: 500 }, () => phoneRecord(c.orderId, { startedAt: new Date(Date.now() - 2 * DAY).toISOString() }));
    records[10] = { ...records[10], transcript: [{ speaker: "caller", text: "broken \ud800 text" }] };
    records[20] = { ...records[20], startedAt: "0001-01-01T00:00:00Z" };
    records[30] = { ...records[30], startedAt: new Date(Date.now() + 10 * 60_000).toISOString() };
    const results = await ingest(records);
    expect(results[10]).toEqual({ id: records[10]!.id, status: "rejected", units: null, message: "transcript[0].text: text must be valid Unicode (it holds a lone surrogate such as \\ud800)" });
    expect(results[20]).toEqual({ id: records[20]!.id, status: "rejected", units: null, message: "startedAt: must be on or after 1970-01-01" });
    expect(results[30]).toEqual({ id: records[30]!.id, status: "rejected", units: null, message: "startedAt: must not be in the future" });
    expect(results.filter((r) => r.status === "created")).toHaveLength(497);
    expect(await stored(records.map((r) => r.id))).toHaveLength(497);
  });

  it("answers a Retell event it cannot store 200, so Retell stops retrying it", async () => {
    const callId = `call_${randomUUID().replace(/-/g, "")}`;
    const poison = retellFixture("call-ended-inbound", c.orderId, { call_id: callId, from_number: "+1415555\ud800" });
    const res = await deliverRetell(JSON.stringify(poison));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "rejected", message: expect.stringMatching(/^from: text must be valid Unicode/) });
    expect(await retellRows(callId)).toHaveLength(0);
  });
});

describe("Retell's mapping", () => {
  it("counts a disconnection reason we do not know as a failed dial, not an answered call", async () => {
    const callId = `call_${randomUUID().replace(/-/g, "")}`;
    const res = await deliverRetell(JSON.stringify(retellFixture("call-ended-inbound", c.orderId, { call_id: callId, disconnection_reason: "some_new_reason" })));
    expect(await res.json()).toMatchObject({ status: "created", units: 0.02 });
    expect((await retellRows(callId))[0]).toMatchObject({ outcome: "failed", unitsMilli: 20, unitRule: "failed_dial" });
  });

  it("a voicemail flagged only by call_analyzed makes the call a voicemail, with its units, and tells the meters", async () => {
    const callId = `call_${randomUUID().replace(/-/g, "")}`;
    await deliverRetell(JSON.stringify(retellFixture("call-ended-inbound", c.orderId, { call_id: callId })));
    const [ended] = await retellRows(callId);
    expect(ended).toMatchObject({ outcome: "answered", unitsMilli: 1000 });
    const db = await getDb();
    await db.update(meterReports).set({ dirty: false }).where(eq(meterReports.subscriptionId, c.subscriptionId!));
    const analyzed = retellFixture("call-analyzed-inbound", c.orderId, { call_id: callId });
    (analyzed.call.call_analysis as { in_voicemail: boolean }).in_voicemail = true;
    const res = await deliverRetell(JSON.stringify(analyzed));
    expect(await res.json()).toEqual({ status: "updated", units: 0.15 });
    expect((await retellRows(callId))[0]).toMatchObject({ outcome: "voicemail", unitsMilli: 150, unitRule: "voicemail" });
    expect((await meterRows()).filter((m) => m.dirty).map((m) => m.category)).toEqual(["phone_inbound"]);
  });
});

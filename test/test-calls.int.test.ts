import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { interactions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import * as testers from "@app/api/account/tester-numbers/route";
import * as detail from "@app/api/interactions/[id]/route";
import { memberOf } from "./account-helpers";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions, type IngestAnswer } from "./interactions-fixtures";
import { deliverRetell, retellFixture, retellRows, withRetellKey } from "./retell-helpers";

/** Issue 24: the account's tester numbers; their calls are tagged test and the month's first ten are free. And each call's recording announcement. */

let key: string;
withRetellKey();

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  const admin: TestUser = await createUser({ role: "admin" });
  key = await newApiKey(admin);
});

const PATH = "/api/account/tester-numbers";
const put = (u: TestUser, body: unknown) => call(testers.PUT, { method: "PUT", path: PATH, cookie: u.cookie, body });
const get = (u: TestUser) => call(testers.GET, { path: PATH, cookie: u.cookie });

/** A start time in this calendar month (UTC), at most an hour ago: the free calls are counted by calendar month. */
function thisMonth(minutesAgo = 5): string {
  const now = new Date();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return new Date(Math.max(now.getTime() - minutesAgo * 60_000, monthStart + 1000)).toISOString();
}

async function stored(orderId: string) {
  const db = await getDb();
  const rows = await db
    .select({ unitsMilli: interactions.unitsMilli, unitRule: interactions.unitRule, tags: interactions.tags, from: interactions.fromNumber })
    .from(interactions)
    .where(eq(interactions.aiReadyOrderId, orderId));
  return rows;
}

describe("tester numbers", () => {
  it("are set by owners and managers in E.164 (not staff), refused when invalid, and the account's own", async () => {
    const c = await customerWithAiEmployee();
    const res = await put(c.user, { numbers: ["(212) 555-0100", "+44 20 7946 0958", "+1 212 555 0100"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ numbers: ["+12125550100", "+442079460958"], testCallsThisMonth: 0, freeTestCallsPerMonth: 10 });

    const bad = await put(c.user, { numbers: ["+12125550100", "123"] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'numbers.1: "123" is not a valid phone number' });
    const tooMany = await put(c.user, { numbers: ["2125550101", "2125550102", "2125550103", "2125550104", "2125550105", "2125550106"] });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toBe("numbers: at most 5 tester numbers");
    const notAList = await put(c.user, { numbers: "2125550101" });
    expect(notAList.status).toBe(400);
    expect(((await notAList.json()) as { message: string }).message).toMatch(/^numbers: /);

    const manager = await memberOf(c.user.id, "manager");
    expect((await put(manager, { numbers: ["(212) 555-0100"] })).status).toBe(200);
    const staff = await memberOf(c.user.id, "staff");
    const refused = await put(staff, { numbers: [] });
    expect(refused.status).toBe(403);
    // Reading follows settings.read (the billing role does not hold it).
    const read = await get(manager);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { numbers: string[] }).numbers).toEqual(["+12125550100"]);
    const billing = await memberOf(c.user.id, "billing");
    expect((await get(billing)).status).toBe(403);

    // Another account sees its own list only, and its change leaves this one alone.
    const other = await customerWithAiEmployee();
    expect(await (await get(other.user)).json()).toEqual({ numbers: [], testCallsThisMonth: 0, freeTestCallsPerMonth: 10 });
    expect((await put(other.user, { numbers: [] })).status).toBe(200);
    expect(((await (await get(c.user)).json()) as { numbers: string[] }).numbers).toEqual(["+12125550100"]);
  });
});

describe("test calls", () => {
  it("tags calls from a tester number test; ten a month are free, the eleventh is billed", async () => {
    const c = await customerWithAiEmployee();
    expect((await put(c.user, { numbers: ["(212) 555-0100"] })).status).toBe(200);
    // Ten calls from the tester (written as the platform writes it), one from someone else.
    const tests = Array.from({ length: 10 }, (_, i) => phoneRecord(c.orderId, { from: "+12125550100", startedAt: thisMonth(30 - i) }));
    const customerCall = phoneRecord(c.orderId, { from: "+14155550187", startedAt: thisMonth(2) });
    const first = (await (await postInteractions(key, { interactions: [...tests, customerCall] })).json()) as IngestAnswer;
    expect(first.results.map((r) => r.units)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);

    // The eleventh: billed as any call of 95 s, still tagged test.
    const eleventh = phoneRecord(c.orderId, { from: "212-555-0100", startedAt: thisMonth(1) });
    const second = (await (await postInteractions(key, { interactions: [eleventh] })).json()) as IngestAnswer;
    expect(second.results[0]).toMatchObject({ status: "created", units: 1 });
    // Sent again: the stored answer.
    const again = (await (await postInteractions(key, { interactions: [tests[0]] })).json()) as IngestAnswer;
    expect(again.results[0]).toMatchObject({ status: "duplicate", units: 0 });

    const rows = await stored(c.orderId);
    expect(rows.filter((r) => r.unitRule === "test_call")).toHaveLength(10);
    expect(
      rows
        .filter((r) => r.tags.includes("test"))
        .map((r) => r.unitsMilli)
        .sort((a, b) => a - b),
    ).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1000]);
    expect(rows.find((r) => r.from === "+14155550187")).toMatchObject({ unitsMilli: 1000, unitRule: "call", tags: [] });
    expect(await (await get(c.user)).json()).toMatchObject({ testCallsThisMonth: 10 });

    // The call log names the rule.
    const db = await getDb();
    const [free] = await db
      .select({ id: interactions.id })
      .from(interactions)
      .where(and(eq(interactions.aiReadyOrderId, c.orderId), eq(interactions.unitRule, "test_call")))
      .limit(1);
    const shown = (await (await call(detail.GET, { path: `/api/interactions/${free!.id}`, cookie: c.user.cookie, params: { id: free!.id } })).json()) as {
      units: number;
      unitRuleText: string;
      tags: string[];
    };
    expect(shown).toMatchObject({ units: 0, unitRuleText: "Test call from a tester number: free", tags: ["test"] });
  });

  it("gives ten free calls, not more, to batches arriving at the same time", async () => {
    const c = await customerWithAiEmployee();
    await put(c.user, { numbers: ["+1 (646) 555-0123"] });
    const batches = [0, 1, 2].map((b) => Array.from({ length: 5 }, (_, i) => phoneRecord(c.orderId, { from: "+16465550123", startedAt: thisMonth(40 - b * 5 - i) })));
    const answers = (await Promise.all(batches.map(async (interactions) => (await (await postInteractions(key, { interactions })).json()) as IngestAnswer))).flatMap((a) => a.results);
    expect(answers.filter((r) => r.units === 0)).toHaveLength(10);
    expect(answers.filter((r) => r.units === 1)).toHaveLength(5);
    const rows = await stored(c.orderId);
    expect(rows.filter((r) => r.unitRule === "test_call")).toHaveLength(10);
    expect(rows.filter((r) => r.tags.includes("test"))).toHaveLength(15);
  });

  it("is free for the tester's account only: the same number calling another account's AI employee is billed", async () => {
    const mine = await customerWithAiEmployee();
    await put(mine.user, { numbers: ["+16465550124"] });
    const theirs = await customerWithAiEmployee();
    const answer = (await (await postInteractions(key, { interactions: [phoneRecord(theirs.orderId, { from: "+16465550124", startedAt: thisMonth() })] })).json()) as IngestAnswer;
    expect(answer.results[0]!.units).toBe(1);
    expect((await stored(theirs.orderId))[0]!.tags).toEqual([]);
  });
});

describe("recording announcement", () => {
  it("is stored per call from the record or Retell's call and shown as played or not played; unknown stays unknown", async () => {
    const c = await customerWithAiEmployee({ phone: "+1 (415) 555-0142" });
    const played = phoneRecord(c.orderId, { recordingAnnounced: true });
    const unknown = phoneRecord(c.orderId);
    const bad = phoneRecord(c.orderId, { recordingAnnounced: "yes" });
    const answer = (await (await postInteractions(key, { interactions: [played, unknown, bad] })).json()) as IngestAnswer;
    expect(answer.results.map((r) => r.status)).toEqual(["created", "created", "rejected"]);
    expect(answer.results[2]!.message).toBe("recordingAnnounced: must be true or false");

    // Retell: our metadata wins; else the dynamic variable (a string).
    const viaMetadata = retellFixture("call-ended-inbound", c.orderId, {
      call_id: "call_announced_meta",
      metadata: { recordingAnnounced: false },
      retell_llm_dynamic_variables: { recording_announced: "true" },
    });
    const viaVariable = retellFixture("call-ended-inbound", c.orderId, { call_id: "call_announced_var", retell_llm_dynamic_variables: { recording_announced: "true" } });
    expect((await deliverRetell(JSON.stringify(viaMetadata))).status).toBe(200);
    expect((await deliverRetell(JSON.stringify(viaVariable))).status).toBe(200);
    expect((await retellRows("call_announced_meta"))[0]!.recordingAnnounced).toBe(false);
    expect((await retellRows("call_announced_var"))[0]!.recordingAnnounced).toBe(true);

    const db = await getDb();
    const byExternal = async (externalId: string) => (await db.select({ id: interactions.id }).from(interactions).where(eq(interactions.externalId, externalId)))[0]!.id;
    const shown = async (externalId: string) => {
      const id = await byExternal(externalId);
      return ((await (await call(detail.GET, { path: `/api/interactions/${id}`, cookie: c.user.cookie, params: { id } })).json()) as { recordingAnnounced: boolean | null }).recordingAnnounced;
    };
    expect(await shown(played.id as string)).toBe(true);
    expect(await shown(unknown.id as string)).toBeNull();
    expect(await shown("retell:call_announced_meta")).toBe(false);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { interactions } from "@/db/schema";
import { createUser } from "../http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions } from "../interactions-fixtures";
import { changedRows, snapshotTables } from "../db-helpers";
import { deliverRetell, retellFixture, retellRows, withRetellKey } from "../retell-helpers";

/**
 * Issue 21, critical finding: `call_analyzed` updated every record without a
 * transcript, whoever owned it (its WHERE clause regrouped around a bare sql
 * fragment), writing one caller's conversation into other customers' texts,
 * chats, missed calls and anonymized records. After a call_analyzed exactly
 * one row changes, in every table.
 */
withRetellKey();

let caller: Awaited<ReturnType<typeof customerWithAiEmployee>>;
let other: Awaited<ReturnType<typeof customerWithAiEmployee>>;
const otherIds: string[] = [];

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  caller = await customerWithAiEmployee({ phone: "+1 (415) 555-0142" });
  other = await customerWithAiEmployee();
  // Another customer's records that hold no transcript: a text, a chat, a missed call, and one retention anonymized.
  const key = await newApiKey(await createUser({ role: "admin" }));
  const records = [
    phoneRecord(other.orderId, { channel: "sms", durationSeconds: undefined, agentMessages: 2, transcript: undefined, summary: undefined }),
    phoneRecord(other.orderId, { channel: "chat", durationSeconds: undefined, agentMessages: 4, transcript: undefined }),
    phoneRecord(other.orderId, { outcome: "no_answer", durationSeconds: 0, transcript: undefined, summary: undefined }),
    phoneRecord(other.orderId, { transcript: undefined, summary: undefined }),
  ];
  const res = await postInteractions(key, { interactions: records });
  expect(res.status).toBe(200);
  const db = await getDb();
  const stored = await db.select({ id: interactions.id, externalId: interactions.externalId }).from(interactions).where(eq(interactions.aiReadyOrderId, other.orderId));
  otherIds.push(...stored.map((r) => r.id));
  const anonymized = stored.find((r) => r.externalId === records[3]!.id)!;
  await db.update(interactions).set({ anonymizedAt: new Date(), fromNumber: null, toNumber: null }).where(eq(interactions.id, anonymized.id));
});

describe("call_analyzed", () => {
  it("changes exactly one row in every table: the analyzed call's", async () => {
    const callId = `call_${randomUUID().replace(/-/g, "")}`;
    // call_ended without a transcript or summary, as Retell sends it before the analysis.
    const ended = retellFixture("call-ended-inbound", caller.orderId, { call_id: callId, transcript_object: undefined });
    expect((await deliverRetell(JSON.stringify(ended))).status).toBe(200);
    const [before] = await retellRows(callId);
    expect(before!.transcript).toBeNull();

    const snapshot = await snapshotTables();
    const analyzed = retellFixture("call-analyzed-inbound", caller.orderId, { call_id: callId });
    const res = await deliverRetell(JSON.stringify(analyzed));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "updated" });

    expect(changedRows(snapshot, await snapshotTables())).toEqual({ interactions: 1 });
    const [after] = await retellRows(callId);
    expect(after!.transcript!.length).toBeGreaterThan(3);
    expect(after!.summary).toMatch(/water heater/i);

    // The other customer's records still hold no transcript and no summary of that call.
    const db = await getDb();
    const others = await db.select().from(interactions).where(eq(interactions.aiReadyOrderId, other.orderId));
    expect(others.map((r) => r.id).sort()).toEqual([...otherIds].sort());
    expect(others.map((r) => r.transcript)).toEqual(others.map(() => null));
    expect(others.filter((r) => r.summary && /water heater/i.test(r.summary))).toEqual([]);
  });

  it("a replayed call_analyzed changes nothing at all", async () => {
    const callId = `call_${randomUUID().replace(/-/g, "")}`;
    await deliverRetell(JSON.stringify(retellFixture("call-ended-inbound", caller.orderId, { call_id: callId })));
    const analyzed = JSON.stringify(retellFixture("call-analyzed-inbound", caller.orderId, { call_id: callId }));
    await deliverRetell(analyzed);
    const snapshot = await snapshotTables();
    expect((await deliverRetell(analyzed)).status).toBe(200);
    expect(changedRows(snapshot, await snapshotTables())).toEqual({});
  });
});

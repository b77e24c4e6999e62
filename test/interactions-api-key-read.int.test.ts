import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { interactions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { meterReportAfterRateLimitJob, meterReportJob } from "@/features/interactions/meter-report.server";
import { NOT_A_CUSTOMER_KEY } from "@/features/interactions/read-access.server";
import type { InteractionDetail, InteractionPage } from "@/features/interactions/interaction-view";
import * as apiKeysRoute from "@app/api/admin/api-keys/route";
import * as apiKeyRoute from "@app/api/admin/api-keys/[id]/route";
import * as listRoute from "@app/api/interactions/route";
import * as detailRoute from "@app/api/interactions/[id]/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions, type IngestAnswer } from "./interactions-fixtures";

/**
 * Issue 25 (ADR 0128): webhook payloads carry links, never the transcript; a
 * customer's developer reads the call with a customer API key. GET
 * /api/interactions and /api/interactions/<id> take `Authorization: Bearer
 * <key>` for a key issued for one account (that account's records only), or
 * a member's session as before.
 */

type Customer = Awaited<ReturnType<typeof customerWithAiEmployee>>;

let admin: TestUser;
let alice: Customer;
let bob: Customer;
let aliceKey: { id: string; key: string };
let platformKey: string;
const ids: { alice: string; aliceChat: string; bob: string } = { alice: "", aliceChat: "", bob: "" };

async function customerKey(email: string): Promise<{ id: string; key: string }> {
  const res = await call(apiKeysRoute.POST, { method: "POST", path: "/api/admin/api-keys", cookie: admin.cookie, body: { name: "CRM sync", scope: "customer", customerEmail: email } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; key: string };
}

/** Stores records with a key; returns our ids in order. */
async function stored(key: string, records: Record<string, unknown>[]): Promise<string[]> {
  const res = await postInteractions(key, { interactions: records });
  const answer = (await res.json()) as IngestAnswer;
  expect(answer.results.map((r) => r.status)).toEqual(records.map(() => "created"));
  const db = await getDb();
  const rows = await db
    .select({ id: interactions.id, externalId: interactions.externalId })
    .from(interactions)
    .where(
      inArray(
        interactions.externalId,
        records.map((r) => r.id as string),
      ),
    );
  return records.map((r) => rows.find((row) => row.externalId === r.id)!.id);
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const detail = (id: string, opts: { headers?: Record<string, string>; cookie?: string }) => call(detailRoute.GET, { path: `/api/interactions/${id}`, params: { id }, ...opts });
const list = (path: string, opts: { headers?: Record<string, string>; cookie?: string }) => call(listRoute.GET, { path, ...opts });
async function page(path: string, opts: { headers?: Record<string, string>; cookie?: string }): Promise<InteractionPage> {
  const res = await list(path, opts);
  expect(res.status).toBe(200);
  return (await res.json()) as InteractionPage;
}

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob, meterReportJob, meterReportAfterRateLimitJob], workers: false });
  admin = await createUser({ role: "admin" });
  alice = await customerWithAiEmployee();
  bob = await customerWithAiEmployee();
  aliceKey = await customerKey(alice.user.email);
  platformKey = await newApiKey(admin);
  const transcript = [
    { speaker: "caller", text: "Is the clinic open on Saturday?" },
    { speaker: "agent", text: "Yes, from 9 to 1. Shall I book you in?" },
  ];
  [ids.alice, ids.aliceChat] = await stored(aliceKey.key, [
    phoneRecord(alice.orderId, { summary: "Saturday opening hours", transcript }),
    phoneRecord(alice.orderId, { channel: "chat", durationSeconds: undefined, agentMessages: 3, summary: "Chat about parking" }),
  ]);
  [ids.bob] = await stored(platformKey, [phoneRecord(bob.orderId, { summary: "Bob's caller asked for a quote" })]);
});

describe("GET /api/interactions/<id> with a customer key", () => {
  it("reads the key's own call with its transcript, never cached", async () => {
    const res = await detail(ids.alice, { headers: bearer(aliceKey.key) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const call = (await res.json()) as InteractionDetail;
    expect(call).toMatchObject({ id: ids.alice, aiEmployeeId: alice.orderId, summary: "Saturday opening hours" });
    expect(call.transcript.map((t) => t.text)).toEqual(["Is the clinic open on Saturday?", "Yes, from 9 to 1. Shall I book you in?"]);
  });

  it("answers another account's call 404, as an unknown id", async () => {
    for (const id of [ids.bob, "00000000-0000-0000-0000-000000000000"]) {
      const res = await detail(id, { headers: bearer(aliceKey.key) });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: "Call or message not found" });
    }
  });

  it("refuses a platform key, an unknown key and a missing one with 401", async () => {
    const platform = await detail(ids.bob, { headers: bearer(platformKey) });
    expect(platform.status).toBe(401);
    expect(await platform.json()).toMatchObject({ message: NOT_A_CUSTOMER_KEY });
    const unknown = await detail(ids.alice, { headers: bearer("hfk_not_a_key_at_all_000000000000") });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ message: "Invalid or revoked API key" });
    expect((await detail(ids.alice, { headers: { authorization: "Basic YWxpY2U6c2VjcmV0" } })).status).toBe(401);
    expect((await detail(ids.alice, {})).status).toBe(401);
  });

  it("decides by the key when one is sent: a bad key is 401 even beside a valid session", async () => {
    expect((await detail(ids.alice, { headers: bearer("hfk_not_a_key_at_all_000000000000"), cookie: alice.user.cookie })).status).toBe(401);
    // A member of another account with Alice's key reads Alice's call: the key is the credential.
    expect((await detail(ids.alice, { headers: bearer(aliceKey.key), cookie: bob.user.cookie })).status).toBe(200);
  });
});

describe("GET /api/interactions with a customer key", () => {
  it("lists only the key's account's records, with the list's filters and pages", async () => {
    const all = await page("/api/interactions", { headers: bearer(aliceKey.key) });
    expect(all.items.map((i) => i.id).sort()).toEqual([ids.alice, ids.aliceChat].sort());
    const phones = await page("/api/interactions?channel=phone", { headers: bearer(aliceKey.key) });
    expect(phones.items.map((i) => i.id)).toEqual([ids.alice]);
    const first = await page("/api/interactions?limit=1", { headers: bearer(aliceKey.key) });
    expect(first.items).toHaveLength(1);
    const second = await page(`/api/interactions?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`, { headers: bearer(aliceKey.key) });
    expect([first.items[0]!.id, second.items[0]!.id].sort()).toEqual([ids.alice, ids.aliceChat].sort());
  });

  it("refuses a platform key and an unknown key with 401", async () => {
    const res = await list("/api/interactions", { headers: bearer(platformKey) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: NOT_A_CUSTOMER_KEY });
    expect((await list("/api/interactions", { headers: bearer("hfk_not_a_key_at_all_000000000000") })).status).toBe(401);
  });
});

describe("the session path is unchanged", () => {
  it("a member reads the account's calls with the cookie; another account's call is 404", async () => {
    const own = await detail(ids.alice, { cookie: alice.user.cookie });
    expect(own.status).toBe(200);
    expect(((await own.json()) as InteractionDetail).transcript).toHaveLength(2);
    expect((await detail(ids.alice, { cookie: bob.user.cookie })).status).toBe(404);
    expect((await page("/api/interactions", { cookie: bob.user.cookie })).items.map((i) => i.id)).toEqual([ids.bob]);
  });
});

describe("a revoked key", () => {
  it("reads nothing any more: 401 on both routes", async () => {
    const revoked = await call(apiKeyRoute.DELETE, { method: "DELETE", path: `/api/admin/api-keys/${aliceKey.id}`, params: { id: aliceKey.id }, cookie: admin.cookie });
    expect(revoked.status).toBe(200);
    for (const res of [await detail(ids.alice, { headers: bearer(aliceKey.key) }), await list("/api/interactions", { headers: bearer(aliceKey.key) })]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: "Invalid or revoked API key" });
    }
  });
});

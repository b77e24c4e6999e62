import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { interactions } from "@/db/schema";
import * as keysRoute from "@app/api/admin/api-keys/route";
import * as ingestRoute from "@app/api/v1/interactions/route";
import * as detailRoute from "@app/api/interactions/[id]/route";
import * as retellRoute from "@app/api/v1/webhooks/retell/route";
import { BASE, call, createUser, type TestUser } from "../http-helpers";
import { customerWithAiEmployee, phoneRecord, postInteractions, type IngestAnswer } from "../interactions-fixtures";
import { withRetellKey } from "../retell-helpers";

/**
 * Issue 21: an ingestion key is issued for a scope (one platform integration,
 * or one customer's AI employees), record ids are unique per source, and the
 * key is checked before the body is read.
 */
withRetellKey();

let admin: TestUser;
let alice: Awaited<ReturnType<typeof customerWithAiEmployee>>;
let bob: Awaited<ReturnType<typeof customerWithAiEmployee>>;

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  admin = await createUser({ role: "admin" });
  alice = await customerWithAiEmployee();
  bob = await customerWithAiEmployee();
});

async function newKey(body: Record<string, unknown>): Promise<{ key: string; id: string; scope: string; platform: string | null; customerEmail: string | null }> {
  const res = await call(keysRoute.POST, { method: "POST", path: "/api/admin/api-keys", body, cookie: admin.cookie });
  expect(res.status).toBe(201);
  return res.json();
}

async function results(key: string, records: unknown[]) {
  const res = await postInteractions(key, { interactions: records });
  expect(res.status).toBe(200);
  return ((await res.json()) as IngestAnswer).results;
}

describe("key scopes", () => {
  it("a customer key writes its customer's AI employees and no one else's, answered like an unknown id", async () => {
    const aliceKey = await newKey({ name: "Alice's own platform", scope: "customer", customerEmail: alice.user.email });
    expect(aliceKey).toMatchObject({ scope: "customer", platform: null, customerEmail: alice.user.email });
    const own = phoneRecord(alice.orderId);
    const intrusion = phoneRecord(bob.orderId);
    const unknown = phoneRecord("no-such-ai-employee");
    const byNumber = phoneRecord(bob.orderId, { aiEmployeeId: undefined, aiPhoneNumber: bob.phone });
    const [a, b, c, d] = await results(aliceKey.key, [own, intrusion, unknown, byNumber]);
    expect(a).toMatchObject({ status: "created" });
    expect(b).toEqual({ id: intrusion.id, status: "rejected", units: null, message: "aiEmployeeId: no AI employee has this id" });
    expect(c).toEqual({ id: unknown.id, status: "rejected", units: null, message: "aiEmployeeId: no AI employee has this id" });
    expect(d).toEqual({ id: byNumber.id, status: "rejected", units: null, message: "aiPhoneNumber: no AI employee has this number" });
    const db = await getDb();
    expect(await db.select().from(interactions).where(eq(interactions.aiReadyOrderId, bob.orderId))).toHaveLength(0);
  });

  it("a platform key writes every AI employee; the admin list shows each key's scope", async () => {
    const platform = await newKey({ name: "Vapi", scope: "platform", platform: "vapi" });
    const [a, b] = await results(platform.key, [phoneRecord(alice.orderId), phoneRecord(bob.orderId)]);
    expect([a!.status, b!.status]).toEqual(["created", "created"]);
    const list = (await (await call(keysRoute.GET, { path: "/api/admin/api-keys", cookie: admin.cookie })).json()) as {
      id: string;
      scope: string;
      platform: string | null;
      customerEmail: string | null;
    }[];
    expect(list.find((k) => k.id === platform.id)).toMatchObject({ scope: "platform", platform: "vapi", customerEmail: null });
  });

  it("refuses a customer key for an address no customer has, and a malformed platform name, with 400", async () => {
    for (const body of [
      { name: "x", scope: "customer", customerEmail: "nobody@example.com" },
      { name: "x", scope: "customer" },
      { name: "x", scope: "platform", platform: "Not A Name!" },
      { name: "x", scope: "everything" },
    ]) {
      const res = await call(keysRoute.POST, { method: "POST", path: "/api/admin/api-keys", body, cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^(customerEmail|platform|scope): /);
    }
  });
});

describe("idempotency per source", () => {
  it("the same id from two sources is two records; from two keys of one integration, one", async () => {
    const aliceKey = await newKey({ name: "Alice", scope: "customer", customerEmail: alice.user.email });
    const bobKey = await newKey({ name: "Bob", scope: "customer", customerEmail: bob.user.email });
    const vapi1 = await newKey({ name: "Vapi 1", platform: "vapi" });
    const vapi2 = await newKey({ name: "Vapi 2 (rotated)", platform: "vapi" });
    const id = "session-0001";
    expect((await results(aliceKey.key, [phoneRecord(alice.orderId, { id })]))[0]!.status).toBe("created");
    // Before issue 21 this was `duplicate`, and Bob's call was silently lost.
    expect((await results(bobKey.key, [phoneRecord(bob.orderId, { id })]))[0]!.status).toBe("created");
    expect((await results(vapi1.key, [phoneRecord(alice.orderId, { id })]))[0]!.status).toBe("created");
    expect((await results(vapi2.key, [phoneRecord(alice.orderId, { id })]))[0]).toMatchObject({ status: "duplicate", message: "already received" });
    const db = await getDb();
    const rows = await db.select().from(interactions).where(eq(interactions.externalId, id));
    expect(rows.map((r) => r.sourceKey).sort()).toEqual([`customer:${alice.user.id}`, `customer:${bob.user.id}`, "platform:vapi"].sort());
    expect(rows.find((r) => r.sourceKey === `customer:${bob.user.id}`)!.accountId).toBe(bob.user.id);
    // Bob's call log shows it with the id his platform sent (our own id is in the URL).
    const bobs = rows.find((r) => r.sourceKey === `customer:${bob.user.id}`)!;
    const detail = await call(detailRoute.GET, { path: `/api/interactions/${bobs.id}`, cookie: bob.user.cookie, params: { id: bobs.id } });
    expect(await detail.json()).toMatchObject({ id: bobs.id, sessionId: id });
  });

  it("concurrent duplicates from one source are stored once", async () => {
    const key = await newKey({ name: "Concurrent", platform: "concurrent" });
    const batch = Array.from({ length: 20 }, (_, i) => phoneRecord(alice.orderId, { id: `concurrent-${i}` }));
    const answers = await Promise.all(Array.from({ length: 4 }, () => results(key.key, batch)));
    const created = answers.flat().filter((r) => r.status === "created").length;
    expect(created).toBe(20);
    const db = await getDb();
    const rows = await db
      .select()
      .from(interactions)
      .where(and(eq(interactions.sourceKey, "platform:concurrent")));
    expect(rows).toHaveLength(20);
  });
});

/** A request body that counts how many bytes the server pulled from it: `size` bytes in 64 KB chunks. */
function countingBody(size: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

function post(handler: (req: Request) => Promise<Response>, path: string, headers: Record<string, string>, size: number) {
  const body = countingBody(size);
  const req = new Request(`${BASE}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: body.stream, duplex: "half" } as RequestInit);
  return handler(req).then((res) => ({ res, pulled: body.pulled() }));
}

describe("credentials before the body", () => {
  it("refuses an anonymous or unknown key on a 19 MB ingestion post before reading it", async () => {
    for (const headers of [{}, { authorization: "Bearer hfk_not-a-key" }] as Record<string, string>[]) {
      const { res, pulled } = await post(ingestRoute.POST, "/api/v1/interactions", headers, 19 * 1024 * 1024);
      expect(res.status).toBe(401);
      // The stream may be asked for its first chunk or two; never the 19 MB.
      expect(pulled).toBeLessThan(256 * 1024);
    }
  });

  it("refuses a Retell post without a fresh signature header before reading it", async () => {
    for (const headers of [{}, { "x-retell-signature": "v=1,d=" + "0".repeat(64) }] as Record<string, string>[]) {
      const { res, pulled } = await post(retellRoute.POST, "/api/v1/webhooks/retell", headers, 1900 * 1024);
      expect(res.status).toBe(401);
      expect(pulled).toBeLessThan(256 * 1024);
    }
  });
});

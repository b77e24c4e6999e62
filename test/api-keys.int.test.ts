import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { config } from "@/lib/config";
import { apiKeys } from "@/db/schema";
import * as keysRoute from "@app/api/admin/api-keys/route";
import * as keyRoute from "@app/api/admin/api-keys/[id]/route";
import { POST as ingest } from "@app/api/v1/interactions/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, phoneRecord } from "./interactions-fixtures";

/** Issue 13: the admin's ingestion API keys (ADR 0101): created once, listed without the key, revoked, rate limited. */

type Created = { id: string; name: string; key: string };
type View = { id: string; name: string; keyPrefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };

let admin: TestUser;
let customer: TestUser;
let orderId: string;

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  customer = await createUser();
  // An AI employee without a subscription: its records count against no month, so no job is queued.
  ({ orderId } = await customerWithAiEmployee({ subscription: null }));
});

const create = (body: unknown, cookie = admin.cookie) => call(keysRoute.POST, { method: "POST", path: "/api/admin/api-keys", body, cookie });
const list = (cookie = admin.cookie) => call(keysRoute.GET, { path: "/api/admin/api-keys", cookie });
const revoke = (id: string, cookie = admin.cookie) => call(keyRoute.DELETE, { method: "DELETE", path: `/api/admin/api-keys/${id}`, params: { id }, cookie });
const send = (key: string) => call(ingest, { method: "POST", path: "/api/v1/interactions", body: { interactions: [phoneRecord(orderId)] }, headers: { authorization: `Bearer ${key}` } });

async function newKey(name = "Voice platform"): Promise<Created> {
  const res = await create({ name });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}

describe("admin API keys", () => {
  it("creates a key shown once; the list shows its prefix, never the key or its hash", async () => {
    const created = await newKey("  Voice platform (production)  ");
    expect(created.key).toMatch(/^hfk_[A-Za-z0-9_-]{32}$/);
    expect(created.name).toBe("Voice platform (production)");
    const res = await list();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(created.key);
    expect(text).not.toContain(createHash("sha256").update(created.key).digest("hex"));
    const view = (JSON.parse(text) as View[]).find((k) => k.id === created.id);
    expect(view).toMatchObject({ name: "Voice platform (production)", keyPrefix: created.key.slice(0, 10), lastUsedAt: null, revokedAt: null });
  });

  it("answers an empty or missing name with 400", async () => {
    for (const body of [{ name: "" }, { name: "   " }, {}, { name: 42 }]) expect((await create(body)).status).toBe(400);
  });

  it("is for admins only: a customer gets 403, an anonymous caller 401", async () => {
    const { id } = await newKey();
    expect((await list(customer.cookie)).status).toBe(403);
    expect((await create({ name: "mine" }, customer.cookie)).status).toBe(403);
    expect((await revoke(id, customer.cookie)).status).toBe(403);
    expect((await call(keysRoute.GET, { path: "/api/admin/api-keys" })).status).toBe(401);
    expect((await call(keysRoute.POST, { method: "POST", path: "/api/admin/api-keys", body: { name: "x" } })).status).toBe(401);
    expect((await call(keyRoute.DELETE, { method: "DELETE", path: `/api/admin/api-keys/${id}`, params: { id } })).status).toBe(401);
  });
});

describe("the key on POST /api/v1/interactions", () => {
  it("authenticates the ingestion API until it is revoked, then 401", async () => {
    const { id, key } = await newKey();
    const ok = await send(key);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { results: { status: string }[] }).results[0]!.status).toBe("created");
    const used = ((await (await list()).json()) as View[]).find((k) => k.id === id)!;
    expect(used.lastUsedAt).not.toBeNull();

    const res = await revoke(id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as View).revokedAt).not.toBeNull();
    expect((await send(key)).status).toBe(401);
    // Revoked keys stay listed.
    expect(((await (await list()).json()) as View[]).find((k) => k.id === id)!.revokedAt).not.toBeNull();
    expect((await revoke("no-such-key")).status).toBe(404);
  });

  it("answers 429 with Retry-After once the key has used its requests of the minute", async () => {
    const { id, key } = await newKey();
    const db = await getDb();
    await db.update(apiKeys).set({ windowStart: new Date(), windowCount: config().INGEST_RATE_LIMIT_PER_MINUTE }).where(eq(apiKeys.id, id));
    const res = await send(key);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await res.json()) as { message: string }).message).toMatch(/Rate limit/);
  });
});

import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { resetConfigForTests } from "@/lib/config";
import { auditEvents, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { openEndpointSecret } from "@/features/webhooks/secrets.server";
import { MAX_ENDPOINTS, PREVIOUS_SECRET_VALID_MS } from "@/features/webhooks/event-types";
import type { EndpointCreated, EndpointView, SecretRotated } from "@/features/webhooks/endpoint.schema";
import * as listRoute from "@app/api/webhook-endpoints/route";
import * as oneRoute from "@app/api/webhook-endpoints/[id]/route";
import * as rotateRoute from "@app/api/webhook-endpoints/[id]/rotate-secret/route";
import * as deliveriesRoute from "@app/api/webhook-endpoints/[id]/deliveries/route";
import * as testRoute from "@app/api/webhook-endpoints/[id]/test/route";
import * as resendRoute from "@app/api/webhook-deliveries/[id]/resend/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { memberOf } from "./account-helpers";

/**
 * Issue 25 (ADR 0127): the webhook endpoint API. Endpoints belong to an
 * account and are reached through ownedEndpoint; owners and managers manage
 * them (integrations.manage); the secret is answered only by create and
 * rotate and stored sealed; at most 10 per account, also under races; the
 * URL is https and public unless OUTBOUND_ALLOW_HOSTS names its host.
 */

let owner: TestUser;
let manager: TestUser;
let staff: TestUser;
let billing: TestUser;
let other: TestUser;
let accountId: string;

beforeAll(async () => {
  owner = await createUser();
  accountId = owner.id;
  manager = await memberOf(accountId, "manager", { alone: true });
  staff = await memberOf(accountId, "staff", { alone: true });
  billing = await memberOf(accountId, "billing", { alone: true });
  other = await createUser();
});

afterEach(() => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  resetConfigForTests();
});

const body = (over: Record<string, unknown> = {}) => ({ url: "https://hooks.example.com/in", description: "CRM", eventTypes: ["call.completed"], ...over });

const create = (b: unknown, u: TestUser = owner) => call(listRoute.POST, { method: "POST", path: "/api/webhook-endpoints", body: b, cookie: u.cookie });
const list = (u: TestUser = owner) => call(listRoute.GET, { path: "/api/webhook-endpoints", cookie: u.cookie });
const patch = (id: string, b: unknown, u: TestUser = owner) => call(oneRoute.PATCH, { method: "PATCH", path: `/api/webhook-endpoints/${id}`, params: { id }, body: b, cookie: u.cookie });
const remove = (id: string, u: TestUser = owner) => call(oneRoute.DELETE, { method: "DELETE", path: `/api/webhook-endpoints/${id}`, params: { id }, cookie: u.cookie });
const rotate = (id: string, u: TestUser = owner) => call(rotateRoute.POST, { method: "POST", path: `/api/webhook-endpoints/${id}/rotate-secret`, params: { id }, cookie: u.cookie });
const deliveries = (id: string, u: TestUser = owner, query = "") => call(deliveriesRoute.GET, { path: `/api/webhook-endpoints/${id}/deliveries${query}`, params: { id }, cookie: u.cookie });
const sendTest = (id: string, u: TestUser = owner) =>
  call(testRoute.POST, { method: "POST", path: `/api/webhook-endpoints/${id}/test`, params: { id }, body: { type: "call.completed" }, cookie: u.cookie });
const resend = (id: string, u: TestUser = owner) => call(resendRoute.POST, { method: "POST", path: `/api/webhook-deliveries/${id}/resend`, params: { id }, cookie: u.cookie });

async function created(b: Record<string, unknown> = {}, u: TestUser = owner): Promise<EndpointCreated> {
  const res = await create(body(b), u);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as EndpointCreated;
}

async function storedRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** The audit log entries of the account for `action` on the endpoint at `url`. */
async function auditOf(action: string, url: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action), eq(auditEvents.detail, url)));
}

async function endpointCount(account: string): Promise<number> {
  const db = await getDb();
  const [{ n }] = (await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, account))) as [{ n: number }];
  return Number(n);
}

async function clearEndpoints(account: string) {
  const db = await getDb();
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.accountId, account));
}

describe("creating and listing", () => {
  beforeEach(() => clearEndpoints(accountId));

  it("creates an endpoint (201) with its whsec_ secret once; the list and the row never show it in plain", async () => {
    const res = await create(body({ description: "  CRM  ", eventTypes: ["call.completed", "invoice.paid", "call.completed"] }));
    expect(res.status).toBe(201);
    const out = (await res.json()) as EndpointCreated;
    expect(out.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(out).toMatchObject({
      url: "https://hooks.example.com/in",
      description: "CRM",
      eventTypes: ["call.completed", "invoice.paid"],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      previousSecretExpiresAt: null,
    });

    const listed = await list();
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain(out.secret);
    expect(text).not.toContain("whsec_");
    const items = (JSON.parse(text) as { items: EndpointView[] }).items;
    expect(items.map((e) => e.id)).toContain(out.id);
    expect(items.find((e) => e.id === out.id)).not.toHaveProperty("secret");

    const row = await storedRow(out.id);
    expect(row!.accountId).toBe(accountId);
    expect(row!.secret).not.toContain(out.secret);
    expect(row!.secret).not.toContain(out.secret.slice("whsec_".length, 20));
    expect(openEndpointSecret(row!.secret)).toBe(out.secret);
  });

  it("records the creation in the audit log", async () => {
    const out = await created({ url: "https://audit.example.com/hook" });
    const entries = await auditOf("webhook_endpoint.created", out.url);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorUserId).toBe(owner.id);
  });

  it("lets a manager manage endpoints too", async () => {
    const out = await created({ url: "https://manager.example.com/hook" }, manager);
    expect((await list(manager)).status).toBe(200);
    expect((await remove(out.id, manager)).status).toBe(204);
  });

  it.each([
    [{ ...body(), url: undefined }, "url:"],
    [body({ url: "" }), "url:"],
    [body({ url: "not a url" }), "url: must be an absolute URL"],
    [body({ url: 42 }), "url:"],
    [body({ url: `https://example.com/${"a".repeat(2001)}` }), "url:"],
    [body({ eventTypes: [] }), "eventTypes:"],
    [body({ eventTypes: ["call.deleted"] }), "eventTypes"],
    [{ ...body(), eventTypes: undefined }, "eventTypes:"],
    [body({ description: "x".repeat(201) }), "description:"],
    [body({ enabled: "yes" }), "enabled:"],
    [body({ secret: "whsec_mine" }), "secret"],
  ])("refuses a bad body with 400 naming the field, storing nothing (%#)", async (b, named) => {
    const before = await endpointCount(accountId);
    const res = await create(b);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(named);
    expect(await endpointCount(accountId)).toBe(before);
  });

  it("refuses a body that is not JSON with 400", async () => {
    const res = await create("{not json");
    expect(res.status).toBe(400);
  });
});

describe("the URL", () => {
  beforeEach(() => clearEndpoints(accountId));

  it.each([
    ["http://hooks.example.com/in", "url: must use https"],
    ["https://localhost/in", "url: localhost is a loopback host"],
    ["https://127.0.0.1:8443/in", "url: 127.0.0.1 is a refused address (loopback)"],
    ["https://[::1]/in", "(loopback)"],
    ["https://10.0.0.5/in", "(private)"],
    ["https://192.168.0.10/in", "(private)"],
    ["https://169.254.169.254/latest/meta-data", "(cloud-metadata)"],
    ["https://169.254.3.4/in", "(link-local)"],
    ["https://user:secret@hooks.example.com/in", "url: must not contain a user name or password"],
  ])("refuses %s with 400, storing nothing", async (url, message) => {
    const before = await endpointCount(accountId);
    const res = await create(body({ url }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
    expect(await endpointCount(accountId)).toBe(before);
  });

  it("accepts a loopback host over http when OUTBOUND_ALLOW_HOSTS names it (host:port, or host alone)", async () => {
    expect((await create(body({ url: "http://127.0.0.1:4510/hook" }))).status).toBe(400);
    process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1:4510,localhost";
    resetConfigForTests();
    const a = await created({ url: "http://127.0.0.1:4510/hook" });
    expect(a.url).toBe("http://127.0.0.1:4510/hook");
    const b = await created({ url: "http://localhost:9999/hook" });
    expect(b.url).toBe("http://localhost:9999/hook");
    // Another port of the named host:port is not on the list.
    expect((await create(body({ url: "http://127.0.0.1:4511/hook" }))).status).toBe(400);
    await remove(a.id);
    await remove(b.id);
  });

  it("checks a changed URL again, and changes nothing when it is refused", async () => {
    const out = await created({ url: "https://change.example.com/hook" });
    const res = await patch(out.id, { url: "https://10.1.1.1/hook", description: "new" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("url:");
    const row = await storedRow(out.id);
    expect(row).toMatchObject({ url: "https://change.example.com/hook", description: "CRM" });
    const ok = await patch(out.id, { url: "https://changed.example.com/hook2" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as EndpointView).url).toBe("https://changed.example.com/hook2");
  });
});

describe("at most 10 endpoints per account", () => {
  it("answers the 11th with 409", async () => {
    const account = await createUser();
    for (let i = 0; i < MAX_ENDPOINTS; i++) await created({ url: `https://h${i}.example.com/` }, account);
    const res = await create(body(), account);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe("An account can have at most 10 webhook endpoints");
    expect(await endpointCount(account.id)).toBe(MAX_ENDPOINTS);
    // Deleting one makes room for one.
    const { items } = (await (await list(account)).json()) as { items: EndpointView[] };
    expect((await remove(items[0]!.id, account)).status).toBe(204);
    expect((await create(body(), account)).status).toBe(201);
  });

  it("lets only one of two creates racing at 9 through", async () => {
    const account = await createUser();
    for (let i = 0; i < MAX_ENDPOINTS - 1; i++) await created({ url: `https://r${i}.example.com/` }, account);
    for (let round = 0; round < 3; round++) {
      const statuses = (await Promise.all([create(body({ url: "https://a.example.com/" }), account), create(body({ url: "https://b.example.com/" }), account)])).map((r) => r.status);
      expect(statuses.sort()).toEqual([201, 409]);
      expect(await endpointCount(account.id)).toBe(MAX_ENDPOINTS);
      const { items } = (await (await list(account)).json()) as { items: EndpointView[] };
      expect((await remove(items.at(-1)!.id, account)).status).toBe(204);
    }
  });

  it("counts per account: another account's endpoints take no room", async () => {
    const a = await createUser();
    const b = await createUser();
    for (let i = 0; i < MAX_ENDPOINTS; i++) await created({ url: `https://p${i}.example.com/` }, a);
    expect((await create(body(), b)).status).toBe(201);
  });
});

describe("changing, deleting, rotating", () => {
  beforeEach(() => clearEndpoints(accountId));

  it("changes the description, event types and enabled switch; the row count changed is one", async () => {
    const out = await created({ url: "https://patch.example.com/" });
    const res = await patch(out.id, { description: "Zapier", eventTypes: ["invoice.paid", "invoice.payment_failed"], enabled: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: out.id, description: "Zapier", eventTypes: ["invoice.paid", "invoice.payment_failed"], enabled: false, disabledReason: null });
    const db = await getDb();
    const rows = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.description, "Zapier")));
    expect(rows.map((r) => r.id)).toEqual([out.id]);
    // The secret is not changed by a patch.
    expect(openEndpointSecret(rows[0]!.secret)).toBe(out.secret);
  });

  it("turning enabled back on clears why the product turned it off and since when it failed", async () => {
    const out = await created({ url: "https://gone.example.com/" });
    const db = await getDb();
    const failingSince = new Date(Date.now() - 6 * 24 * 3600 * 1000);
    const off = await db.update(webhookEndpoints).set({ enabled: false, disabledReason: "failing", failingSince }).where(eq(webhookEndpoints.id, out.id)).returning();
    expect(off).toHaveLength(1);
    const listed = ((await (await list()).json()) as { items: EndpointView[] }).items.find((e) => e.id === out.id)!;
    expect(listed).toMatchObject({ enabled: false, disabledReason: "failing", failingSince: failingSince.toISOString() });
    // Turning it off again (it is off) keeps the product's reason.
    expect(await (await patch(out.id, { enabled: false })).json()).toMatchObject({ disabledReason: "failing" });
    const res = await patch(out.id, { enabled: true });
    expect(await res.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(await storedRow(out.id)).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it.each([
    [{}, "nothing to change"],
    [{ enabled: "no" }, "enabled:"],
    [{ eventTypes: [] }, "eventTypes:"],
    [{ eventTypes: ["nope"] }, "eventTypes"],
    [{ description: "x".repeat(201) }, "description:"],
    [{ url: "" }, "url:"],
    [{ accountId: "someone-else" }, "accountId"],
  ])("refuses a bad patch with 400 naming the field, changing nothing (%#)", async (b, named) => {
    const out = await created({ url: "https://badpatch.example.com/" });
    const before = await storedRow(out.id);
    const res = await patch(out.id, b);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(named);
    expect(await storedRow(out.id)).toEqual(before);
  });

  it("deletes (204), then answers 404; exactly one row is gone, with its deliveries", async () => {
    const out = await created({ url: "https://delete.example.com/" });
    const keep = await created({ url: "https://keep.example.com/" });
    const deliveryId = await deliveryOf(out.id);
    const before = await endpointCount(accountId);
    const res = await remove(out.id);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await endpointCount(accountId)).toBe(before - 1);
    expect(await storedRow(out.id)).toBeUndefined();
    expect(await storedRow(keep.id)).toBeDefined();
    const db = await getDb();
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId))).toHaveLength(0);
    expect((await remove(out.id)).status).toBe(404);
    expect((await patch(out.id, { enabled: true })).status).toBe(404);
    const audit = await auditOf("webhook_endpoint.deleted", out.url);
    expect(audit).toHaveLength(1);
  });

  it("rotates the secret: the new one answered once, the old one kept sealed for 24 hours", async () => {
    const out = await created({ url: "https://rotate.example.com/" });
    const at = Date.now();
    const res = await rotate(out.id);
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as SecretRotated;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(out.secret);
    expect(rotated.endpoint).not.toHaveProperty("secret");
    expect(rotated.endpoint.id).toBe(out.id);
    const expires = Date.parse(rotated.endpoint.previousSecretExpiresAt!);
    expect(expires).toBeGreaterThanOrEqual(at + PREVIOUS_SECRET_VALID_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + PREVIOUS_SECRET_VALID_MS);

    const row = (await storedRow(out.id))!;
    expect(openEndpointSecret(row.secret)).toBe(rotated.secret);
    expect(openEndpointSecret(row.previousSecret!)).toBe(out.secret);
    expect(row.secret).not.toContain(rotated.secret);
    expect(row.previousSecret).not.toContain(out.secret);
    expect(row.previousSecretExpiresAt!.getTime()).toBe(expires);

    const listed = await (await list()).text();
    expect(listed).not.toContain(rotated.secret);
    expect(listed).not.toContain(out.secret);

    // A second rotation keeps only the secret it replaces.
    const again = (await (await rotate(out.id)).json()) as SecretRotated;
    const row2 = (await storedRow(out.id))!;
    expect(openEndpointSecret(row2.secret)).toBe(again.secret);
    expect(openEndpointSecret(row2.previousSecret!)).toBe(rotated.secret);

    const audit = await auditOf("webhook_endpoint.secret_rotated", out.url);
    expect(audit).toHaveLength(2);
  });
});

/** A stored event and its delivery to the endpoint (as the delivery engine would make them). */
async function deliveryOf(endpointId: string): Promise<string> {
  const db = await getDb();
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  const eventId = `msg_${randomUUID()}`;
  await db
    .insert(webhookEvents)
    .values({ id: eventId, accountId: endpoint!.accountId, type: "call.completed", payload: { type: "call.completed", timestamp: new Date().toISOString(), data: {} }, dedupeKey: `test:${eventId}` });
  const id = randomUUID();
  await db.insert(webhookDeliveries).values({ id, eventId, endpointId, accountId: endpoint!.accountId, status: "failed", attempts: 1 });
  return id;
}

describe("tenant safety: another account sees 404 on every route", () => {
  let endpoint: EndpointCreated;
  let deliveryId: string;
  beforeAll(async () => {
    await clearEndpoints(accountId);
    endpoint = await created({ url: "https://tenant.example.com/" });
    deliveryId = await deliveryOf(endpoint.id);
  });

  it("lists only the caller's own endpoints", async () => {
    const theirs = await created({ url: "https://theirs.example.com/" }, other);
    const mine = ((await (await list()).json()) as { items: EndpointView[] }).items.map((e) => e.id);
    const seen = ((await (await list(other)).json()) as { items: EndpointView[] }).items.map((e) => e.id);
    expect(mine).toContain(endpoint.id);
    expect(mine).not.toContain(theirs.id);
    expect(seen).toEqual([theirs.id]);
    await clearEndpoints(other.id);
  });

  it.each([
    ["PATCH", () => patch(endpoint.id, { enabled: false, url: "https://attacker.example.com/" }, other), "Webhook endpoint not found"],
    ["DELETE", () => remove(endpoint.id, other), "Webhook endpoint not found"],
    ["rotate-secret", () => rotate(endpoint.id, other), "Webhook endpoint not found"],
    ["deliveries", () => deliveries(endpoint.id, other), "Webhook endpoint not found"],
    ["test", () => sendTest(endpoint.id, other), "Webhook endpoint not found"],
    ["resend", () => resend(deliveryId, other), "Delivery not found"],
  ] as const)("%s answers 404 and changes nothing", async (_name, send, message) => {
    const before = await storedRow(endpoint.id);
    const res = await send();
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await storedRow(endpoint.id)).toEqual(before);
  });

  it("answers 404 for an unknown id", async () => {
    const id = randomUUID();
    expect((await patch(id, { enabled: true })).status).toBe(404);
    expect((await remove(id)).status).toBe(404);
    expect((await rotate(id)).status).toBe(404);
    expect((await deliveries(id)).status).toBe(404);
  });

  it("refuses a bad deliveries page with 400 naming the field", async () => {
    for (const q of ["?limit=0", "?limit=101", "?limit=ten", "?cursor="]) {
      const res = await deliveries(endpoint.id, owner, q);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^(limit|cursor):/);
    }
    expect((await deliveries(endpoint.id, owner, "?limit=5")).status).toBe(200);
  });
});

describe("who may manage endpoints", () => {
  let endpoint: EndpointCreated;
  beforeAll(async () => {
    await clearEndpoints(accountId);
    endpoint = await created({ url: "https://roles.example.com/" });
  });

  for (const role of ["staff", "billing"] as const) {
    it(`${role} members get 403 naming integrations.manage on every route, and nothing changes`, async () => {
      const u = role === "staff" ? staff : billing;
      const before = await endpointCount(accountId);
      const row = await storedRow(endpoint.id);
      const answers = await Promise.all([
        list(u),
        create(body(), u),
        patch(endpoint.id, { enabled: false }, u),
        remove(endpoint.id, u),
        rotate(endpoint.id, u),
        deliveries(endpoint.id, u),
        sendTest(endpoint.id, u),
        resend(randomUUID(), u),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(((await res.json()) as { message: string }).message).toContain("(integrations.manage)");
      }
      expect(await endpointCount(accountId)).toBe(before);
      expect(await storedRow(endpoint.id)).toEqual(row);
    });
  }

  it("anonymous callers get 401", async () => {
    const anon = { id: "", email: "", cookie: "" };
    for (const res of await Promise.all([
      list(anon),
      create(body(), anon),
      patch(endpoint.id, {}, anon),
      remove(endpoint.id, anon),
      rotate(endpoint.id, anon),
      deliveries(endpoint.id, anon),
      sendTest(endpoint.id, anon),
      resend(randomUUID(), anon),
    ])) {
      expect(res.status).toBe(401);
    }
  });
});

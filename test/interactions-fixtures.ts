import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs";
import { aiReadyOrders, interactions, subscriptions } from "@/db/schema";
import * as apiKeys from "@app/api/admin/api-keys/route";
import * as ingest from "@app/api/v1/interactions/route";
import { call, createUser, type TestUser } from "./http-helpers";

/** A customer with an AI employee (an AI-ready order) and, unless `subscription: null`, a subscription it counts against. */
export async function customerWithAiEmployee(
  opts: {
    planId?: string;
    billing?: "monthly" | "annual";
    status?: "active" | "trialing" | "past_due" | "cancelled";
    trialEnd?: Date | null;
    createdAt?: Date;
    period?: { start: Date; end: Date };
    subscription?: null;
    phone?: string;
  } = {},
): Promise<{ user: TestUser; orderId: string; subscriptionId: string | null; phone: string }> {
  const u = await createUser();
  const db = await getDb();
  const orderId = randomUUID();
  const subscriptionId = opts.subscription === null ? null : randomUUID();
  const phone = opts.phone ?? `+1 (555) ${String(Math.floor(Math.random() * 9_000_000) + 1_000_000).replace(/^(\d{3})/, "$1-")}`;
  await db.insert(aiReadyOrders).values({
    id: orderId,
    aiEmployeeName: "Nova",
    aiPhoneNumber: phone,
    customerEmail: u.email,
    webChatUrl: "https://chat.example.com/nova",
    status: subscriptionId ? "active" : "claimed",
    subscriptionId,
    accountId: u.id,
    claimedByUserId: u.id,
    // Prepared before its subscription began (records older than the AI employee count toward no month; issue 21).
    createdAt: new Date((opts.createdAt ?? new Date(Date.now() - 40 * 86_400_000)).getTime() - 86_400_000),
  });
  if (subscriptionId) {
    await insertSubscription(u.id, {
      id: subscriptionId,
      planId: opts.planId,
      billing: opts.billing,
      status: opts.status,
      trialEnd: opts.trialEnd ?? null,
      currentPeriodStart: opts.period?.start ?? null,
      currentPeriodEnd: opts.period?.end ?? null,
      aiReadyOrderId: orderId,
      createdAt: opts.createdAt ?? new Date(Date.now() - 40 * 86_400_000),
    });
  }
  return { user: u, orderId, subscriptionId, phone };
}

/**
 * A subscription row of `accountId`, written straight to the table: the small
 * plan, monthly, active, with provider ids made from its id unless `over`
 * says otherwise (an undefined field takes the default). Its id.
 */
export async function insertSubscription(accountId: string, over: Partial<typeof subscriptions.$inferInsert> = {}): Promise<string> {
  const id = over.id ?? randomUUID();
  const given = Object.fromEntries(Object.entries(over).filter(([, v]) => v !== undefined));
  const db = await getDb();
  await db.insert(subscriptions).values({
    id,
    accountId,
    planId: "small",
    billing: "monthly",
    status: "active",
    providerCustomerId: `cus_${id.slice(0, 8)}`,
    providerSubscriptionId: `sub_${id}`,
    ...given,
  });
  return id;
}

/**
 * A record of `order`'s AI employee, written straight to the table (no
 * ingestion): an answered inbound phone call of a minute, an hour ago, from
 * +15550100200, 1 unit; `over` sets any other column. Its id (also its
 * externalId).
 */
export async function insertInteraction(order: { orderId: string; accountId: string | null }, over: Partial<typeof interactions.$inferInsert> = {}): Promise<string> {
  const id = over.id ?? randomUUID();
  const db = await getDb();
  await db.insert(interactions).values({
    id,
    sourceKey: "platform:default",
    externalId: id,
    aiReadyOrderId: order.orderId,
    accountId: order.accountId,
    channel: "phone",
    direction: "inbound",
    outcome: "answered",
    startedAt: new Date(Date.now() - 3_600_000),
    durationMs: 60_000,
    fromNumber: "+15550100200",
    unitsMilli: 1000,
    unitRule: "phone-minute",
    source: "api",
    ...over,
  });
  return id;
}

/** A new ingestion API key, made through the admin API. */
export async function newApiKey(admin: TestUser): Promise<string> {
  const res = await call(apiKeys.POST, { method: "POST", path: "/api/admin/api-keys", body: { name: "platform" }, cookie: admin.cookie });
  if (res.status !== 201) throw new Error(`API key not created: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { key: string }).key;
}

/** Starts the job queue for `jobs` without workers (the tests run due jobs themselves), and makes an admin with an API key to ingest records. */
export async function adminKeyWithJobs(jobs: Parameters<typeof startJobs>[0]["jobs"]): Promise<{ admin: TestUser; key: string }> {
  await startJobs({ jobs, workers: false });
  const admin = await createUser({ role: "admin" });
  return { admin, key: await newApiKey(admin) };
}

export type IngestAnswer = { results: { id: string | null; status: string; units: number | null; message: string | null }[] };

/** POST /api/v1/interactions with a key. */
export function postInteractions(key: string | null, body: unknown): Promise<Response> {
  return call(ingest.POST, { method: "POST", path: "/api/v1/interactions", body, headers: key ? { authorization: `Bearer ${key}` } : {} });
}

let n = 0;
/** A valid phone record for `aiEmployeeId` (override any field). */
export function phoneRecord(aiEmployeeId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `test-${randomUUID()}-${n++}`,
    aiEmployeeId,
    channel: "phone",
    direction: "inbound",
    startedAt: new Date(Date.now() - 3_600_000).toISOString(),
    durationSeconds: 95,
    outcome: "answered",
    from: "+15550100200",
    summary: "Booked a furnace repair for tomorrow morning",
    transcript: [
      { speaker: "caller", text: "My furnace stopped working" },
      { speaker: "agent", text: "I can book a technician for 7:30 tomorrow." },
    ],
    ...over,
  };
}

import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll } from "vitest";
import { getDb } from "@/lib/db";
import { drainJobs, makeJobsDue } from "@/lib/jobs/testing.server";
import { resetConfigForTests } from "@/lib/config";
import { member, organization, user, webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { emitWebhookEvents, type EmitInput } from "@/features/webhooks/emit.server";
import { sampleEventData } from "@/features/webhooks/samples";
import type { CallEventData } from "@/features/webhooks/events.schema";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/features/webhooks/event-types";
import { newEndpointSecret, sealEndpointSecret } from "@/features/webhooks/secrets.server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

/**
 * Rows for the webhook delivery tests (issue 25), written directly: the
 * endpoints API is another part's; these tests are about what happens after
 * an endpoint exists.
 */

/** Lets the guarded outbound fetch reach these hosts (`host:port`), or, with none, nothing private (as in production). */
export function allowOutbound(...hosts: string[]): void {
  if (hosts.length) process.env.OUTBOUND_ALLOW_HOSTS = hosts.join(",");
  else delete process.env.OUTBOUND_ALLOW_HOSTS;
  resetConfigForTests();
}

/**
 * The file's receiver on 127.0.0.1, which outbound fetch may reach, handed to
 * `use` once started. After each test nothing is left for the next: what is
 * still pending ends (failed) and its waiting jobs run and find it so; the
 * receiver is up, answers 200 and has received nothing.
 */
export function withWebhookReceiver(use: (receiver: WebhookReceiver) => void): void {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    allowOutbound(receiver.host);
    use(receiver);
  });
  afterEach(async () => {
    const db = await getDb();
    await db.update(webhookDeliveries).set({ status: "failed" }).where(eq(webhookDeliveries.status, "pending"));
    await makeJobsDue();
    await drainJobs();
    receiver.respondWith(200);
    receiver.received.length = 0;
    await receiver.up();
    allowOutbound(receiver.host);
  });
  afterAll(async () => {
    await receiver.close();
    allowOutbound();
  });
}

export type TestAccount = { accountId: string; owners: { userId: string; email: string }[]; managerEmail: string };

/** A business account with `owners` owners and one manager. */
export async function newAccount(opts: { owners?: number } = {}): Promise<TestAccount> {
  const db = await getDb();
  const accountId = `acct_${randomUUID()}`;
  await db.insert(organization).values({ id: accountId, name: `Webhook Test ${accountId.slice(5, 13)}`, slug: accountId });
  const people = async (role: string) => {
    const userId = randomUUID();
    const email = `${role}-${userId}@example.com`;
    await db.insert(user).values({ id: userId, name: `${role} ${userId.slice(0, 6)}`, firstName: role === "owner" ? "Olga" : "Max", email, emailVerified: true });
    await db.insert(member).values({ id: `member-${userId}`, organizationId: accountId, userId, role });
    return { userId, email };
  };
  const owners = [];
  for (let i = 0; i < (opts.owners ?? 1); i++) owners.push(await people("owner"));
  const manager = await people("manager");
  return { accountId, owners, managerEmail: manager.email };
}

export type TestEndpoint = { id: string; secret: string };

/** An endpoint row, its secret sealed as the API stores it. */
export async function newEndpoint(
  accountId: string,
  url: string,
  opts: { eventTypes?: WebhookEventType[]; enabled?: boolean; previousSecret?: string; previousSecretExpiresAt?: Date; failingSince?: Date } = {},
): Promise<TestEndpoint> {
  const db = await getDb();
  const id = `we_${randomUUID()}`;
  const secret = newEndpointSecret();
  await db.insert(webhookEndpoints).values({
    id,
    accountId,
    url,
    description: "test receiver",
    eventTypes: opts.eventTypes ?? [...WEBHOOK_EVENT_TYPES],
    enabled: opts.enabled ?? true,
    secret: sealEndpointSecret(secret),
    previousSecret: opts.previousSecret ? sealEndpointSecret(opts.previousSecret) : null,
    previousSecretExpiresAt: opts.previousSecretExpiresAt ?? null,
    failingSince: opts.failingSince ?? null,
  });
  return { id, secret };
}

/** A call.completed event of one call (its dedupe key names the call). */
export function callCompleted(accountId: string, callId: string = randomUUID(), extra: Partial<CallEventData> & Record<string, unknown> = {}): EmitInput {
  const data = { ...sampleEventData("https://app.example.com")["call.completed"], id: callId, ...extra } as CallEventData;
  return { accountId, type: "call.completed", data, dedupeKey: `call.completed:${callId}` };
}

/** Emits in a transaction of its own, as ingestion does inside its own. */
export async function emit(events: EmitInput[]): Promise<string[]> {
  const db = await getDb();
  return db.transaction((tx) => emitWebhookEvents(tx, events));
}

/** An endpoint's deliveries, oldest first. */
export async function deliveriesOf(endpointId: string) {
  const db = await getDb();
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
}

/** A delivery's logged attempts, oldest first. */
export async function attemptsOf(deliveryId: string) {
  const db = await getDb();
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
}

/** The first of `rows`; fails saying `missing` when there is none. */
function found<T>(rows: T[], missing: string): T {
  if (!rows[0]) throw new Error(missing);
  return rows[0];
}

export async function deliveryOfEvent(eventId: string) {
  return found(await (await getDb()).select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)), `no delivery for ${eventId}`);
}

export async function endpointRow(endpointId: string) {
  return found(await (await getDb()).select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)), `no endpoint ${endpointId}`);
}

/** Changes an endpoint's row as time passing would (failing_since further back, a slow-down over, a rotation's 24 h gone); checks one row changed. */
export async function setEndpoint(endpointId: string, values: Partial<typeof webhookEndpoints.$inferInsert>): Promise<void> {
  const db = await getDb();
  const changed = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, endpointId)).returning({ id: webhookEndpoints.id });
  if (changed.length !== 1) throw new Error(`endpoint ${endpointId}: ${changed.length} rows changed`);
}

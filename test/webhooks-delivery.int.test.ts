import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { getDb } from "@/lib/db";
import { emailMessages, webhookAttempts, webhookDeliveries, webhookEvents } from "@/db/schema";
import { nextWaitingRun } from "@/lib/jobs";
import { drainJobs, makeJobsDue, runDueJobs } from "@/lib/jobs/testing.server";
import { webhookDeliveryJob } from "@/features/webhooks/delivery-job.server";
import { cleanUpWebhookLog } from "@/features/webhooks/cleanup.server";
import { disableEndpoint } from "@/features/webhooks/endpoint-disable.server";
import { DISABLE_AFTER_FAILING_MS, LOGGED_RESPONSE_BYTES, MAX_PAYLOAD_BYTES, PREVIOUS_SECRET_VALID_MS, RETRY_SCHEDULE_SECONDS } from "@/features/webhooks/event-types";
import { newEndpointSecret } from "@/features/webhooks/secrets.server";
import type { WebhookReceiver } from "./webhook-receiver";
import { allowOutbound, attemptsOf, callCompleted, deliveriesOf, deliveryOfEvent, emit, endpointRow, newAccount, newEndpoint, setEndpoint, withWebhookReceiver } from "./webhooks-delivery-fixtures";

/**
 * Issue 25, outbound webhooks: the delivery engine against a real HTTP
 * receiver on 127.0.0.1 that verifies every request with the
 * `standardwebhooks` verifier. Jobs run by hand (runDueJobs); "time passes"
 * by making waiting jobs due (makeJobsDue) or moving an endpoint's
 * timestamps back.
 */

let receiver: WebhookReceiver;
withWebhookReceiver((r) => (receiver = r));

/** An account with one endpoint on the receiver; the receiver verifies with its secret. */
async function setup(opts: Parameters<typeof newEndpoint>[2] & { owners?: number } = {}) {
  const account = await newAccount({ owners: opts.owners });
  const endpoint = await newEndpoint(account.accountId, receiver.url, opts);
  receiver.setSecrets([endpoint.secret]);
  return { ...account, endpoint };
}

const seconds = (from: Date, to: Date | null) => Math.round(((to?.getTime() ?? NaN) - from.getTime()) / 1000);

describe("delivering an event", () => {
  it("POSTs { type, timestamp, data } signed per Standard Webhooks: the receiver verifies it; under 20 KB, no transcript; the log keeps the first 2 KB of the answer", async () => {
    const { accountId, endpoint } = await setup();
    receiver.respondWith({ status: 200, body: "x".repeat(5000) });
    const callId = randomUUID();
    const [eventId] = await emit([callCompleted(accountId, callId, { summary: "s".repeat(40_000), transcript: "Agent: hello. Caller: my secret is 1234." })]);
    expect(eventId).toMatch(/^msg_[0-9A-Z]{26}$/);

    expect(await runDueJobs()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.verified).toBe(true);
    expect(got.status).toBe(200);
    expect(got.id).toBe(eventId);
    expect(got.timestamp).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(got.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(got.signatures).toHaveLength(1);
    expect(got.signatures[0]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got.headers["content-type"]).toBe("application/json");
    // The verifier itself, as a customer's code calls it.
    expect(new Webhook(endpoint.secret).verify(got.body, got.headers)).toEqual(got.payload);
    expect(Buffer.byteLength(got.body)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(got.body).not.toContain("transcript");
    expect(got.body).not.toContain("my secret is");
    expect(got.payload).toMatchObject({ type: "call.completed", data: { id: callId, outcome: "answered" } });
    expect(Object.keys(got.payload!)).toEqual(["type", "timestamp", "data"]);
    expect(String(got.payload!.data!.summary).endsWith("…")).toBe(true);

    const delivery = await deliveryOfEvent(eventId!);
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200, lockedUntil: null, nextAttemptAt: null });
    expect(delivery.completedAt).not.toBeNull();
    const [attempt] = await attemptsOf(delivery.id);
    expect(attempt).toMatchObject({ statusCode: 200, trigger: "retry", endpointId: endpoint.id });
    expect(attempt!.response).toBe("x".repeat(LOGGED_RESPONSE_BYTES));
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("stores nothing for an account without endpoints, an endpoint not subscribed to the type, or one turned off; the same dedupe key is one event", async () => {
    const none = await newAccount();
    expect(await emit([callCompleted(none.accountId)])).toEqual([]);

    const { accountId, endpoint } = await setup({ eventTypes: ["invoice.paid"] });
    const off = await newEndpoint(accountId, receiver.url, { enabled: false });
    expect(await emit([callCompleted(accountId)])).toEqual([]);
    const db = await getDb();
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.accountId, accountId))).toEqual([]);

    const on = await newEndpoint(accountId, receiver.url, { eventTypes: ["call.completed"] });
    const callId = randomUUID();
    const first = await emit([callCompleted(accountId, callId), callCompleted(accountId, callId)]);
    expect(first).toHaveLength(1);
    expect(await emit([callCompleted(accountId, callId)])).toEqual([]);
    expect(await deliveriesOf(on.id)).toHaveLength(1);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);
    expect(await deliveriesOf(off.id)).toHaveLength(0);
    expect(await emit([])).toEqual([]);
  });

  it("retries a receiver that is down with the same webhook-id, and the log shows both attempts", async () => {
    const { accountId, endpoint } = await setup();
    await receiver.down();
    const [eventId] = await emit([callCompleted(accountId)]);
    expect(await runDueJobs()).toBe(1);

    const failed = await deliveryOfEvent(eventId!);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null, lockedUntil: null });
    const [first] = await attemptsOf(failed.id);
    expect(first!.statusCode).toBeNull();
    expect(first!.response).toMatch(/^unreachable: /);
    expect(seconds(first!.attemptedAt, failed.nextAttemptAt)).toBe(RETRY_SCHEDULE_SECONDS[0]);
    expect(seconds(first!.attemptedAt, await nextWaitingRun(webhookDeliveryJob))).toBe(RETRY_SCHEDULE_SECONDS[0]);
    expect((await endpointRow(endpoint.id)).failingSince).toEqual(first!.attemptedAt);
    // Not due yet: nothing runs.
    expect(await runDueJobs()).toBe(0);

    await receiver.up();
    expect(await makeJobsDue()).toBeGreaterThanOrEqual(1);
    expect(await runDueJobs()).toBe(1);
    expect(receiver.ids()).toEqual([eventId]);
    expect(receiver.received[0]!.verified).toBe(true);
    const done = await deliveryOfEvent(eventId!);
    expect(done).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200, nextAttemptAt: null });
    expect((await attemptsOf(done.id)).map((a) => [a.statusCode, a.trigger])).toEqual([
      [null, "retry"],
      [200, "retry"],
    ]);
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
  });

  it("follows the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, each retry a new job; then the delivery fails", async () => {
    const { accountId } = await setup();
    receiver.respondWith({ status: 500, body: "internal error" });
    const [eventId] = await emit([callCompleted(accountId)]);
    const delays: number[] = [];
    for (let i = 0; i < RETRY_SCHEDULE_SECONDS.length + 1; i++) {
      expect(await runDueJobs()).toBe(1);
      const d = await deliveryOfEvent(eventId!);
      expect(d.attempts).toBe(i + 1);
      const attempts = await attemptsOf(d.id);
      if (d.status === "pending") delays.push(seconds(attempts.at(-1)!.attemptedAt, d.nextAttemptAt));
      await makeJobsDue();
    }
    expect(delays).toEqual([...RETRY_SCHEDULE_SECONDS]);
    const last = await deliveryOfEvent(eventId!);
    expect(last).toMatchObject({ status: "failed", attempts: 10, lastStatusCode: 500, nextAttemptAt: null });
    expect(await nextWaitingRun(webhookDeliveryJob)).toBeNull();
    expect(receiver.received).toHaveLength(10);
    expect(new Set(receiver.ids())).toEqual(new Set([eventId]));
    expect((await attemptsOf(last.id)).every((a) => a.statusCode === 500 && a.response === "internal error")).toBe(true);
  });

  it("a 410 turns the endpoint off (reason gone): its deliveries fail and no further event is stored for it", async () => {
    const { accountId, endpoint } = await setup();
    receiver.respondWith(410);
    const [a, b] = await emit([callCompleted(accountId), callCompleted(accountId)]);
    await runDueJobs();
    expect(receiver.received).toHaveLength(1);
    const ep = await endpointRow(endpoint.id);
    expect(ep).toMatchObject({ enabled: false, disabledReason: "gone" });
    for (const id of [a!, b!]) expect((await deliveryOfEvent(id)).status).toBe("failed");
    expect(await emit([callCompleted(accountId)])).toEqual([]);
    // The owners are e-mailed about 5 days of failures only.
    const db = await getDb();
    expect(await db.select().from(emailMessages).where(eq(emailMessages.kind, "webhook-endpoint-disabled"))).toEqual([]);
  });

  it("429, 502 and 504 slow that endpoint down (Retry-After honoured, the step doubling from 30 s); its other deliveries wait; a success resets it", async () => {
    const { accountId, endpoint } = await setup();
    const over = async () => setEndpoint(endpoint.id, { slowUntil: new Date(Date.now() - 1000) });

    receiver.respondWith({ status: 429, body: "slow down", headers: { "retry-after": "120" } });
    const [e1] = await emit([callCompleted(accountId)]);
    await runDueJobs();
    let ep = await endpointRow(endpoint.id);
    const [first] = await attemptsOf((await deliveryOfEvent(e1!)).id);
    expect(ep.slowStepSeconds).toBe(30);
    expect(seconds(first!.attemptedAt, ep.slowUntil)).toBe(120);
    // The retry comes when the endpoint may be called again, not at 5 s.
    expect((await deliveryOfEvent(e1!)).nextAttemptAt).toEqual(ep.slowUntil);

    // Another event meanwhile: not sent, it waits for the slow-down to end.
    const [e2] = await emit([callCompleted(accountId)]);
    await runDueJobs();
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryOfEvent(e2!)).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: ep.slowUntil });
    expect(await attemptsOf((await deliveryOfEvent(e2!)).id)).toEqual([]);
    expect(await nextWaitingRun(webhookDeliveryJob)).toEqual(ep.slowUntil);

    const steps: number[] = [];
    for (const status of [502, 504]) {
      receiver.respondWith(status);
      await over();
      await makeJobsDue();
      const before = receiver.received.length;
      await runDueJobs();
      // One request, then the endpoint is slowed and the other delivery waits again.
      expect(receiver.received.length - before).toBe(1);
      ep = await endpointRow(endpoint.id);
      steps.push(ep.slowStepSeconds);
      expect(seconds(receiver.received.at(-1)!.at, ep.slowUntil)).toBeGreaterThanOrEqual(ep.slowStepSeconds - 1);
    }
    expect(steps).toEqual([60, 120]);

    receiver.respondWith(200);
    await over();
    await makeJobsDue();
    await drainJobs();
    ep = await endpointRow(endpoint.id);
    expect(ep).toMatchObject({ slowStepSeconds: 0, slowUntil: null, failingSince: null, enabled: true });
    for (const id of [e1!, e2!]) expect((await deliveryOfEvent(id)).status).toBe("succeeded");
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });
});

describe("signing secrets", () => {
  it("after a rotation both signatures are sent for 24 h, each verifying with its own secret; after that only the new one", async () => {
    const old = newEndpointSecret();
    const { accountId, endpoint } = await setup({ previousSecret: old, previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_VALID_MS) });
    receiver.setSecrets([endpoint.secret, old]);
    await emit([callCompleted(accountId)]);
    await runDueJobs();
    const during = receiver.received[0]!;
    expect(during.signatures).toHaveLength(2);
    expect(during.verifiedWith).toEqual([0, 1]);
    for (const secret of [endpoint.secret, old]) expect(() => new Webhook(secret).verify(during.body, during.headers)).not.toThrow();
    // Each signature on its own is the one of its secret.
    for (const [i, secret] of [endpoint.secret, old].entries()) {
      expect(() => new Webhook(secret).verify(during.body, { ...during.headers, "webhook-signature": during.signatures[i]! })).not.toThrow();
      expect(() => new Webhook(secret).verify(during.body, { ...during.headers, "webhook-signature": during.signatures[1 - i]! })).toThrow();
    }

    // The 24 hours are over.
    await setEndpoint(endpoint.id, { previousSecretExpiresAt: new Date(Date.now() - 1000) });
    receiver.setSecrets([endpoint.secret]);
    await emit([callCompleted(accountId)]);
    await runDueJobs();
    const after = receiver.received[1]!;
    expect(after.signatures).toHaveLength(1);
    expect(after.verified).toBe(true);
    expect(() => new Webhook(old).verify(after.body, after.headers)).toThrow(/No matching signature/);
  });
});

describe("the guarded outbound fetch", () => {
  it("in production (no OUTBOUND_ALLOW_HOSTS) an endpoint at 127.0.0.1 is refused: nothing reaches it, the attempt is logged as refused and retried", async () => {
    allowOutbound();
    const account = await newAccount();
    const https = await newEndpoint(account.accountId, `https://127.0.0.1:${receiver.port}/webhooks`);
    const http = await newEndpoint(account.accountId, receiver.url);
    const [eventId] = await emit([callCompleted(account.accountId)]);
    expect(await runDueJobs()).toBe(2);
    expect(receiver.received).toHaveLength(0);
    const byEndpoint = Object.fromEntries((await getDb().then((db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId!)))).map((d) => [d.endpointId, d]));
    const refusedAddress = (await attemptsOf(byEndpoint[https.id]!.id))[0]!;
    expect(refusedAddress.statusCode).toBeNull();
    expect(refusedAddress.response).toBe("refused: 127.0.0.1 is a refused address (loopback); outbound requests never go there");
    const refusedScheme = (await attemptsOf(byEndpoint[http.id]!.id))[0]!;
    expect(refusedScheme.response).toMatch(/^refused: http: is not allowed for outbound requests \(https only\)/);
    for (const d of Object.values(byEndpoint)) expect(d).toMatchObject({ status: "pending", attempts: 1 });
  });
});

describe("turning off an endpoint that keeps failing", () => {
  it("after 5 days without a success the endpoint is turned off (reason failing) and every owner is e-mailed once", async () => {
    const { accountId, endpoint, owners, managerEmail } = await setup({ owners: 2, failingSince: new Date(Date.now() - DISABLE_AFTER_FAILING_MS + 60_000) });
    receiver.respondWith(503);
    const [e1, e2] = await emit([callCompleted(accountId), callCompleted(accountId)]);
    await runDueJobs();
    // Just under 5 days: retried.
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, disabledReason: null });
    expect((await deliveryOfEvent(e1!)).status).toBe("pending");

    // The minute passes.
    await setEndpoint(endpoint.id, { failingSince: new Date(Date.now() - DISABLE_AFTER_FAILING_MS - 1000) });
    await makeJobsDue();
    await runDueJobs();
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: "failing" });
    for (const id of [e1!, e2!]) expect(await deliveryOfEvent(id)).toMatchObject({ status: "failed", nextAttemptAt: null });

    const db = await getDb();
    const mails = await db.select().from(emailMessages).where(eq(emailMessages.kind, "webhook-endpoint-disabled"));
    expect(mails.map((m) => m.to).sort()).toEqual(owners.map((o) => o.email).sort());
    expect(mails.map((m) => m.to)).not.toContain(managerEmail);
    for (const m of mails) {
      expect(m.subject).toBe("A webhook endpoint was turned off after 5 days of failures");
      expect(m.text).toContain(receiver.url);
      expect(m.text).toContain("HTTP 503");
      expect(m.text).toContain("/account/webhooks");
    }

    // Turning it off again (another instance's attempt deciding the same) changes nothing and e-mails no one.
    const again = await db.transaction((tx) =>
      disableEndpoint(tx, { id: endpoint.id, accountId, url: receiver.url }, "failing", {
        now: new Date(),
        failingSince: new Date(Date.now() - DISABLE_AFTER_FAILING_MS - 1000),
        lastError: "HTTP 503",
      }),
    );
    expect(again).toBe(false);
    expect(await db.select().from(emailMessages).where(eq(emailMessages.kind, "webhook-endpoint-disabled"))).toHaveLength(2);
  });
});

describe("the delivery log's retention", () => {
  it("deletes attempts older than 30 days, and old events whose deliveries are finished; an event still being retried stays", async () => {
    const { accountId } = await setup();
    const [done, retrying] = await emit([callCompleted(accountId), callCompleted(accountId)]);
    receiver.respondWith((r) => (r.id === done ? 200 : 500));
    await runDueJobs();
    const db = await getDb();
    const old = new Date(Date.now() - 31 * 86_400_000);
    for (const id of [done!, retrying!]) {
      const moved = await db.update(webhookEvents).set({ createdAt: old }).where(eq(webhookEvents.id, id)).returning({ id: webhookEvents.id });
      expect(moved).toHaveLength(1);
      const d = await deliveryOfEvent(id);
      const aged = await db.update(webhookAttempts).set({ attemptedAt: old }).where(eq(webhookAttempts.deliveryId, d.id)).returning({ id: webhookAttempts.id });
      expect(aged).toHaveLength(1);
    }
    const recent = (await deliveryOfEvent(retrying!)).id;
    await db
      .insert(webhookAttempts)
      .values({ id: `att_${randomUUID()}`, deliveryId: recent, endpointId: (await deliveryOfEvent(retrying!)).endpointId, statusCode: 500, response: "", durationMs: 1, attemptedAt: new Date() });

    expect(await cleanUpWebhookLog()).toEqual({ attempts: 2, events: 1 });
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, done!))).toEqual([]);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, retrying!))).toHaveLength(1);
    // Only the recent attempt is left of its log.
    expect((await attemptsOf(recent)).map((a) => a.statusCode)).toEqual([500]);
  });
});

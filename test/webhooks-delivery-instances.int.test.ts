import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { webhookDeliveries } from "@/db/schema";
import { drainJobs, makeJobsDue } from "@/lib/jobs/testing.server";
import { runDelivery } from "@/features/webhooks/deliver.server";
import { newEndpointSecret } from "@/features/webhooks/secrets.server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { workerFixture } from "./worker-process";
import { allowOutbound, attemptsOf, callCompleted, deliveryOfEvent, emit, newAccount, newEndpoint } from "./webhooks-delivery-fixtures";

/**
 * Issue 25: "exactly once per event and endpoint with two instances" and
 * "kill -9 during delivery loses no event". Over HTTP exactly once means: each
 * attempt is claimed by one run only, and the receiver can drop repeats by
 * webhook-id (ADR 0126); the receiver here counts what it got.
 */

let receiver: WebhookReceiver;
// Its processes send to the receiver.
const worker = workerFixture("webhooks-delivery-crash-worker.ts", { timeoutMs: 90_000, env: () => ({ OUTBOUND_ALLOW_HOSTS: receiver.host }) });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  allowOutbound(receiver.host);
});

afterAll(async () => {
  await receiver.close();
  allowOutbound();
  worker.remove();
});

describe("two instances", () => {
  it("two workers draining the queue at once, and the same events emitted twice: each webhook-id reaches each endpoint exactly once", async () => {
    const { accountId } = await newAccount();
    const a = await newEndpoint(accountId, `${receiver.url}?endpoint=a`);
    const b = await newEndpoint(accountId, `${receiver.url}?endpoint=b`);
    receiver.setSecrets([a.secret, b.secret]);
    // Slow answers, so the two workers' runs overlap.
    receiver.respondWith(() => new Promise((resolve) => setTimeout(() => resolve(200), 30)));
    const events = Array.from({ length: 15 }, () => callCompleted(accountId));
    // Two instances recording the same calls (two transactions, one after the other and at once).
    const stored = [...(await emit(events)), ...(await Promise.all([emit(events), emit(events.slice(5))])).flat()];
    expect(stored).toHaveLength(15);

    await Promise.all([drainJobs(), drainJobs()]);
    await makeJobsDue();
    await Promise.all([drainJobs(), drainJobs()]);

    expect(receiver.received).toHaveLength(30);
    expect(receiver.received.every((r) => r.verified && r.status === 200)).toBe(true);
    const pairs = receiver.received.map((r) => `${r.id} ${r.path}`);
    expect(new Set(pairs).size).toBe(30);
    expect(new Set(receiver.ids())).toEqual(new Set(stored));
    const db = await getDb();
    const rows = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, stored));
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.status === "succeeded" && r.attempts === 1)).toBe(true);
  });

  it("the same attempt run by two instances at once is sent once: the second finds it claimed and waits for the claim", async () => {
    const { accountId } = await newAccount();
    const endpoint = await newEndpoint(accountId, receiver.url);
    receiver.setSecrets([endpoint.secret]);
    receiver.received.length = 0;
    receiver.respondWith(() => new Promise((resolve) => setTimeout(() => resolve(200), 100)));
    const [eventId] = await emit([callCompleted(accountId)]);
    const { id } = await deliveryOfEvent(eventId!);

    const results = await Promise.all([
      runDelivery({ deliveryId: id, trigger: "retry", attempt: 1 }, { jobId: randomUUID() }),
      runDelivery({ deliveryId: id, trigger: "retry", attempt: 1 }, { jobId: randomUUID() }),
    ]);
    expect(results.sort()).toEqual(["locked", "sent"]);
    expect(receiver.ids()).toEqual([eventId]);
    expect(await deliveryOfEvent(eventId!)).toMatchObject({ status: "succeeded", attempts: 1 });
    // The queued job (and the waiting one) run later and find it done.
    await makeJobsDue();
    await drainJobs();
    expect(receiver.ids()).toEqual([eventId]);
    expect(await attemptsOf(id)).toHaveLength(1);
  });
});

describe("kill -9 during delivery", () => {
  it("loses no event: the server dies while the receiver holds the request; after a restart the event arrives with the same webhook-id and the delivery succeeds", async () => {
    const secret = newEndpointSecret();
    receiver.setSecrets([secret]);
    receiver.received.length = 0;
    // The first request is held open: the process is killed while it waits for the answer.
    receiver.respondWith(() => new Promise<number>(() => {}));

    const first = await worker.run(["deliver", receiver.url, secret], (out) => /EMITTED \S+ \S+\n/.test(out) && receiver.received.length > 0);
    expect(first.killed).toBe(true);
    const [, deliveryId, eventId] = /EMITTED (\S+) (\S+)\n/.exec(first.out)!;
    expect(receiver.ids()).toEqual([eventId]);

    receiver.respondWith(200);
    const second = await worker.run(["resume", deliveryId!]);
    const result = JSON.parse(/RESULT (.*)\n/.exec(second.out)![1]!) as {
      delivery: { status: string; attempts: number; eventId: string; lastStatusCode: number | null };
      attempts: Array<{ statusCode: number | null; trigger: string }>;
    };
    expect(result.delivery).toMatchObject({ status: "succeeded", attempts: 1, eventId, lastStatusCode: 200 });
    // The killed attempt never answered, so only the one that did is logged.
    expect(result.attempts.map((a) => [a.statusCode, a.trigger])).toEqual([[200, "retry"]]);
    expect(receiver.ids()).toEqual([eventId, eventId]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.received.map((r) => r.status)).toEqual([null, 200]);
  }, 180_000);
});

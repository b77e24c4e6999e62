import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { HttpError } from "@/lib/http/errors";
import { webhookDeliveries, webhookEvents } from "@/db/schema";
import { drainJobs, makeJobsDue, runDueJobs } from "@/lib/jobs/testing.server";
import { resendDelivery, sendTestEvent } from "@/features/webhooks/delivery.server";
import { listDeliveries } from "@/features/webhooks/deliveries.server";
import { sampleEventData } from "@/features/webhooks/samples";
import type { WebhookEventType } from "@/features/webhooks/event-types";
import { config } from "@/lib/config";
import { changedRows, snapshotTables } from "./db-helpers";
import type { WebhookReceiver } from "./webhook-receiver";
import { attemptsOf, callCompleted, deliveryOfEvent, emit, newAccount, newEndpoint, setEndpoint, withWebhookReceiver } from "./webhooks-delivery-fixtures";

/**
 * Issue 25: "Resend" replays an event with the same webhook-id, "Send test
 * event" sends a sample of a type to one endpoint, and the delivery log pages
 * newest first; every one reached through the endpoint's account (another
 * account's delivery or endpoint is 404, and nothing changes).
 */

let receiver: WebhookReceiver;
withWebhookReceiver((r) => (receiver = r));

async function setup(eventTypes?: WebhookEventType[]) {
  const account = await newAccount();
  const endpoint = await newEndpoint(account.accountId, receiver.url, eventTypes ? { eventTypes } : {});
  receiver.setSecrets([endpoint.secret]);
  return { ...account, endpoint };
}

/** The HttpError `p` rejects with, and how many rows it changed (none, for a refusal). */
async function refusal(p: () => Promise<unknown>): Promise<{ status: number; message: string; changed: Record<string, number> }> {
  const before = await snapshotTables();
  try {
    await p();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return { status: (err as HttpError).status, message: (err as HttpError).message, changed: changedRows(before, await snapshotTables()) };
  }
  throw new Error("not refused");
}

describe("resend", () => {
  it("sends a delivered event again now, with the same webhook-id; the log shows the resend", async () => {
    const { accountId } = await setup();
    const [eventId] = await emit([callCompleted(accountId)]);
    await runDueJobs();
    const delivery = await deliveryOfEvent(eventId!);
    expect(delivery.status).toBe("succeeded");

    const view = await resendDelivery(accountId, delivery.id);
    expect(view).toMatchObject({ id: delivery.id, eventId, eventType: "call.completed", status: "pending", attempts: 1 });
    expect(view.attemptLog.map((a) => a.trigger)).toEqual(["retry"]);
    expect(await runDueJobs()).toBe(1);
    expect(receiver.ids()).toEqual([eventId, eventId]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(await deliveryOfEvent(eventId!)).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200 });
    expect((await attemptsOf(delivery.id)).map((a) => [a.trigger, a.statusCode])).toEqual([
      ["retry", 200],
      ["resend", 200],
    ]);
  });

  it("a failed delivery becomes pending again and succeeds; a resend that fails is retried (its old retry chain ends)", async () => {
    const { accountId } = await setup();
    receiver.respondWith(500);
    const [eventId] = await emit([callCompleted(accountId)]);
    await runDueJobs();
    const { id } = await deliveryOfEvent(eventId!);
    // The schedule used up.
    const db = await getDb();
    const failed = await db
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null, completedAt: new Date() })
      .where(eq(webhookDeliveries.id, id))
      .returning({ id: webhookDeliveries.id });
    expect(failed).toHaveLength(1);

    receiver.respondWith(200);
    expect((await resendDelivery(accountId, id)).status).toBe("pending");
    // Only the resend runs now; the retry queued after the first attempt waits (and, made due, finds it sent).
    expect(await runDueJobs()).toBe(1);
    expect(await deliveryOfEvent(eventId!)).toMatchObject({ status: "succeeded", attempts: 2 });
    await makeJobsDue();
    await drainJobs();
    expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
    expect(new Set(receiver.ids())).toEqual(new Set([eventId]));
    expect((await attemptsOf(id)).map((a) => a.trigger)).toEqual(["retry", "resend"]);

    // A resend that fails is retried on the schedule; the chain it overtook does nothing.
    receiver.respondWith(503);
    await resendDelivery(accountId, id);
    await runDueJobs();
    expect(await deliveryOfEvent(eventId!)).toMatchObject({ status: "pending", attempts: 3 });
    receiver.respondWith(200);
    await makeJobsDue();
    await drainJobs();
    expect(await deliveryOfEvent(eventId!)).toMatchObject({ status: "succeeded", attempts: 4 });
    expect((await attemptsOf(id)).map((a) => [a.trigger, a.statusCode])).toEqual([
      ["retry", 500],
      ["resend", 200],
      ["resend", 503],
      ["retry", 200],
    ]);
  });

  it("another account's delivery, or an unknown id, is 404 Delivery not found and nothing changes; an endpoint turned off is 409", async () => {
    const { accountId } = await setup();
    const [eventId] = await emit([callCompleted(accountId)]);
    await runDueJobs();
    const { id, endpointId } = await deliveryOfEvent(eventId!);
    const other = await newAccount();

    for (const [account, delivery] of [
      [other.accountId, id],
      [accountId, "dlv_unknown"],
    ] as const) {
      expect(await refusal(() => resendDelivery(account, delivery))).toEqual({ status: 404, message: "Delivery not found", changed: {} });
    }
    await setEndpoint(endpointId, { enabled: false });
    expect(await refusal(() => resendDelivery(accountId, id))).toEqual({ status: 409, message: "The webhook endpoint is turned off: switch it on first", changed: {} });
    expect(await runDueJobs()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });
});

describe("send test event", () => {
  it("sends the documented sample of any type to this endpoint only, with trigger test", async () => {
    const { accountId, endpoint } = await setup(["call.completed"]);
    const sibling = await newEndpoint(accountId, `${receiver.url}?sibling`, { eventTypes: ["invoice.paid"] });
    const view = await sendTestEvent(accountId, endpoint.id, "invoice.paid");
    expect(view).toMatchObject({ eventType: "invoice.paid", status: "pending", attempts: 0, attemptLog: [] });
    expect(view.eventId).toMatch(/^msg_/);

    expect(await runDueJobs()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.verified).toBe(true);
    expect(got.path).toBe("/webhooks");
    expect(got.id).toBe(view.eventId);
    expect(got.payload).toMatchObject({ type: "invoice.paid", data: sampleEventData(config().baseUrl)["invoice.paid"] });
    const [attempt] = await attemptsOf(view.id);
    expect(attempt).toMatchObject({ trigger: "test", statusCode: 200 });
    const db = await getDb();
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, view.eventId));
    expect(event!.dedupeKey).toMatch(/^test:[0-9a-f-]{36}$/);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, sibling.id))).toEqual([]);

    // Each test is an event of its own.
    const again = await sendTestEvent(accountId, endpoint.id, "invoice.paid");
    expect(again.eventId).not.toBe(view.eventId);
  });

  it("another account's endpoint, or an unknown one, is 404 Webhook endpoint not found and nothing is stored; an endpoint turned off is 409", async () => {
    const { accountId, endpoint } = await setup();
    const other = await newAccount();
    expect(await refusal(() => sendTestEvent(other.accountId, endpoint.id, "call.completed"))).toEqual({ status: 404, message: "Webhook endpoint not found", changed: {} });
    expect(await refusal(() => sendTestEvent(accountId, "we_unknown", "call.completed"))).toEqual({ status: 404, message: "Webhook endpoint not found", changed: {} });
    await setEndpoint(endpoint.id, { enabled: false });
    expect(await refusal(() => sendTestEvent(accountId, endpoint.id, "call.completed"))).toMatchObject({ status: 409, changed: {} });
  });
});

describe("the delivery log", () => {
  it("pages an endpoint's deliveries newest first, each with its attempts newest first", async () => {
    const { accountId, endpoint } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(...(await emit([callCompleted(accountId)])));
      await new Promise((r) => setTimeout(r, 3));
    }
    receiver.respondWith((r) => (r.id === ids[4] ? 500 : 200));
    await runDueJobs();
    receiver.respondWith(200);
    await makeJobsDue();
    await runDueJobs();

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listDeliveries>> = await listDeliveries(accountId, endpoint.id, { limit: 2, cursor });
      pages.push(page.items.map((d) => d.eventId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]]]);

    const [newest] = (await listDeliveries(accountId, endpoint.id, { limit: 1 })).items;
    expect(newest).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200, nextAttemptAt: null, eventType: "call.completed" });
    expect(newest!.attemptLog.map((a) => a.statusCode)).toEqual([200, 500]);
    expect(newest!.attemptLog[0]).toMatchObject({ trigger: "retry", response: `received ${ids[4]}` });
  });

  it("another account's endpoint is 404; a cursor it did not answer is 400", async () => {
    const { accountId, endpoint } = await setup();
    const other = await newAccount();
    expect(await refusal(() => listDeliveries(other.accountId, endpoint.id, { limit: 20 }))).toEqual({ status: 404, message: "Webhook endpoint not found", changed: {} });
    expect(await refusal(() => listDeliveries(accountId, endpoint.id, { limit: 20, cursor: "not-a-cursor" }))).toEqual({
      status: 400,
      message: "cursor: is not a nextCursor this list answered",
      changed: {},
    });
    expect(await listDeliveries(accountId, endpoint.id, { limit: 20 })).toEqual({ items: [], nextCursor: null });
  });
});

import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// The delivery engine is built beside this work: the emitter is watched, not run (its own tests run it).
vi.mock("@/features/webhooks/emit.server", async (original) => ({ ...(await original<object>()), emitWebhookEvents: vi.fn(async () => []) }));

import { getDb } from "@/lib/db";
import { config } from "@/lib/config";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { interactions, invoices, subscriptions, webhookEndpoints } from "@/db/schema";
import { emitWebhookEvents, type EmitInput } from "@/features/webhooks/emit.server";
import { EVENT_DATA_SCHEMAS } from "@/features/webhooks/events.schema";
import { WEBHOOK_EVENT_TYPES } from "@/features/webhooks/event-types";
import { newEndpointSecret, sealEndpointSecret } from "@/features/webhooks/secrets.server";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { meterReportAfterRateLimitJob, meterReportJob } from "@/features/interactions/meter-report.server";
import { setProviderForTests } from "@/features/billing/provider";
import type { ProviderInvoice } from "@/features/billing/provider/port";
import { ensureCustomer } from "@/features/billing/customers.server";
import { SandboxProvider, sandboxWebhookSecret } from "@/features/billing/sandbox/sandbox-provider.server";
import { SANDBOX_CHARGE_FAILS_CARD, SANDBOX_SUCCESS_CARD } from "@/features/billing/sandbox/card-checks";
import { advanceSandboxClock } from "@/features/billing/sandbox/store.server";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { dunningEmailJob } from "@/features/billing/dunning-email.server";
import * as reportSpamRoute from "@app/api/interactions/[id]/report-spam/route";
import * as approveSpamRoute from "@app/api/admin/spam-reports/[id]/approve/route";
import { POST as stripeWebhook } from "@app/api/stripe/webhook/route";
import { BASE, call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions, type IngestAnswer } from "./interactions-fixtures";
import { deliverRetell, retellFixture, withRetellKey } from "./retell-helpers";
import { insertOrder } from "./order-fixtures";

/**
 * Issue 25 (ADR 0128): each change a customer's tools hear of calls
 * emitWebhookEvents in the transaction of the change, with its account, a
 * dedupe key naming the fact, and data its event's schema accepts; nothing
 * is emitted for a change that did not happen (a duplicate record, a replay).
 */

const emit = vi.mocked(emitWebhookEvents);
const emitted = (type?: EmitInput["type"]) => emit.mock.calls.flatMap(([, events]) => events).filter((e) => !type || e.type === type);
const keysOf = (events: EmitInput[]) => events.map((e) => e.dedupeKey);

function expectValid(events: EmitInput[]): void {
  expect(events.length).toBeGreaterThan(0);
  for (const e of events) {
    const parsed = EVENT_DATA_SCHEMAS[e.type].safeParse(e.data);
    expect(parsed.success, `${e.type}: ${parsed.error?.message}`).toBe(true);
  }
}

/** An endpoint of the account, stored as the endpoints API stores one. */
async function withEndpoint(accountId: string): Promise<void> {
  const db = await getDb();
  await db.insert(webhookEndpoints).values({ id: randomUUID(), accountId, url: "https://hooks.example.com/in", eventTypes: [...WEBHOOK_EVENT_TYPES], secret: sealEndpointSecret(newEndpointSecret()) });
}

async function storedIds(externalIds: string[]): Promise<Map<string, string>> {
  const db = await getDb();
  const rows = await db.select({ id: interactions.id, externalId: interactions.externalId }).from(interactions).where(inArray(interactions.externalId, externalIds));
  return new Map(rows.map((r) => [r.externalId, r.id]));
}

async function ingest(key: string, records: Record<string, unknown>[]): Promise<IngestAnswer> {
  const res = await postInteractions(key, { interactions: records });
  expect(res.status).toBe(200);
  return (await res.json()) as IngestAnswer;
}

let admin: TestUser;
let key: string;

beforeAll(async () => {
  // Ingestion queues usage checks and marks meters in its transaction; the tests run the usage checks themselves.
  await startJobs({ jobs: [usageAlertsJob, meterReportJob, meterReportAfterRateLimitJob, billingSyncJob, dunningEmailJob], workers: false });
  admin = await createUser({ role: "admin" });
  key = await newApiKey(admin);
});

afterEach(() => {
  emit.mockClear();
  setProviderForTests(undefined);
});

describe("ingestion", () => {
  it("emits call.completed for each new record and appointment.booked for a booked one, in one call for the batch, without the transcript", async () => {
    const c = await customerWithAiEmployee();
    await withEndpoint(c.user.id);
    const records = [
      phoneRecord(c.orderId),
      phoneRecord(c.orderId, { appointmentBooked: true, callerName: "Dana Whitfield", tags: ["appointment"] }),
      phoneRecord(c.orderId, { channel: "chat", durationSeconds: undefined, agentMessages: 4, summary: undefined }),
    ];
    await ingest(key, records);
    expect(emit).toHaveBeenCalledTimes(1);
    const ids = await storedIds(records.map((r) => r.id as string));
    const [plain, booked, chat] = records.map((r) => ids.get(r.id as string)!);
    const events = emitted();
    expect(events.map((e) => [e.type, e.accountId, e.dedupeKey]).sort()).toEqual(
      [
        ["call.completed", c.user.id, `call.completed:${plain}`],
        ["call.completed", c.user.id, `call.completed:${booked}`],
        ["call.completed", c.user.id, `call.completed:${chat}`],
        ["appointment.booked", c.user.id, `appointment.booked:${booked}`],
      ].sort(),
    );
    expectValid(events);
    const { baseUrl } = config();
    expect(events.find((e) => e.dedupeKey === `call.completed:${booked}`)!.data).toEqual({
      id: booked,
      aiEmployeeId: c.orderId,
      channel: "phone",
      direction: "inbound",
      outcome: "answered",
      startedAt: records[1]!.startedAt,
      durationSeconds: 95,
      from: "+15550100200",
      to: null,
      callerName: "Dana Whitfield",
      summary: "Booked a furnace repair for tomorrow morning",
      appointmentBooked: true,
      tags: ["appointment"],
      units: 1,
      spamReported: false,
      links: { api: `${baseUrl}/api/interactions/${booked}`, portal: `${baseUrl}/calls/${booked}` },
    });
    expect(events.find((e) => e.dedupeKey === `call.completed:${chat}`)!.data).toMatchObject({ channel: "chat", durationSeconds: null, summary: null, units: 0.5 });
    expect(events.find((e) => e.type === "appointment.booked")!.data).toMatchObject({ callId: booked, callerName: "Dana Whitfield", aiEmployeeId: c.orderId });
    expect(JSON.stringify(events)).not.toContain("My furnace stopped working");
  });

  it("emits nothing for records already stored; a batch mixing both emits for the new record only", async () => {
    const c = await customerWithAiEmployee();
    await withEndpoint(c.user.id);
    const records = [phoneRecord(c.orderId), phoneRecord(c.orderId, { appointmentBooked: true })];
    await ingest(key, records);
    emit.mockClear();

    const again = await ingest(key, records);
    expect(again.results.map((r) => r.status)).toEqual(["duplicate", "duplicate"]);
    expect(emit).not.toHaveBeenCalled();

    const fresh = phoneRecord(c.orderId);
    const mixed = await ingest(key, [records[1]!, fresh, fresh]);
    expect(mixed.results.map((r) => r.status)).toEqual(["duplicate", "created", "duplicate"]);
    expect(emit).toHaveBeenCalledTimes(1);
    const id = (await storedIds([fresh.id as string])).get(fresh.id as string)!;
    expect(keysOf(emitted())).toEqual([`call.completed:${id}`]);
  });

  it("emits in the ingestion's transaction: when the events cannot be recorded, the records are not stored either", async () => {
    const c = await customerWithAiEmployee();
    await withEndpoint(c.user.id);
    const record = phoneRecord(c.orderId);
    emit.mockRejectedValueOnce(new Error("the events could not be recorded"));
    expect((await postInteractions(key, { interactions: [record] })).status).toBe(500);
    expect(await storedIds([record.id as string])).toEqual(new Map());
    emit.mockClear();
    // Sent again, it is stored and its event emitted.
    expect((await ingest(key, [record])).results[0]!.status).toBe("created");
    expect(keysOf(emitted())).toEqual([`call.completed:${(await storedIds([record.id as string])).get(record.id as string)}`]);
  });

  it("emits nothing for the records of an AI employee no account has claimed", async () => {
    const orderId = await insertOrder("Unclaimed", "+1 555 010 7788", { customerEmail: "later@example.com", createdAt: new Date(Date.now() - 86_400_000) });
    const answer = await ingest(key, [phoneRecord(orderId)]);
    expect(answer.results[0]!.status).toBe("created");
    expect(emit).not.toHaveBeenCalled();
  });
});

describe("Retell's call_analyzed", () => {
  withRetellKey();
  const bookingTurns = [
    { role: "tool_call_invocation", tool_call_id: "tc_1", name: "book_appointment", arguments: '{"start":"2026-12-01T10:00:00-05:00"}' },
    { role: "tool_call_result", tool_call_id: "tc_1", content: '{"status":"accepted"}', successful: true },
  ];

  it("emits call.updated naming what the analysis added, and appointment.booked when it is the analysis that booked; the same analysis again is the same event", async () => {
    const c = await customerWithAiEmployee({ phone: "+1 (415) 555-0142" });
    await withEndpoint(c.user.id);
    const callId = `call_ev_${randomUUID().slice(0, 8)}`;
    // call_ended without the transcript: the analysis brings the summary, the transcript and the booking.
    expect((await deliverRetell(JSON.stringify(retellFixture("call-ended-inbound", c.orderId, { call_id: callId, transcript_object: undefined })))).status).toBe(200);
    const id = (await storedIds([`retell:${callId}`])).get(`retell:${callId}`)!;
    expect(emitted().map((e) => [e.type, e.dedupeKey])).toEqual([["call.completed", `call.completed:${id}`]]);
    expect(emitted()[0]!.data).toMatchObject({ summary: null, appointmentBooked: false });
    emit.mockClear();

    const analyzed = JSON.stringify(retellFixture("call-analyzed-inbound", c.orderId, { call_id: callId, transcript_with_tool_calls: bookingTurns }));
    expect(await (await deliverRetell(analyzed)).json()).toMatchObject({ status: "updated" });
    const events = emitted();
    expect(events.map((e) => [e.type, e.accountId, e.dedupeKey])).toEqual([
      ["call.updated", c.user.id, `call.updated:${id}:analysis`],
      ["appointment.booked", c.user.id, `appointment.booked:${id}`],
    ]);
    expectValid(events);
    expect(events[0]!.data).toMatchObject({ id, changes: ["summary", "transcript"], summary: expect.stringMatching(/leaking water heater/), appointmentBooked: true });
    expect(JSON.stringify(events)).not.toContain("water heater is leaking");

    // The same analysis delivered again: nothing is added, and any event it emitted would carry the same key (one event).
    emit.mockClear();
    await deliverRetell(analyzed);
    const updates = [...events, ...emitted()].filter((e) => e.type === "call.updated");
    expect(new Set(keysOf(updates))).toEqual(new Set([`call.updated:${id}:analysis`]));
    expect(emitted()).toEqual([]);
  });

  it("names only what was added: a call stored with its transcript (and its booking) hears of the summary alone", async () => {
    const c = await customerWithAiEmployee({ phone: "+1 (415) 555-0142" });
    await withEndpoint(c.user.id);
    const callId = `call_ev_${randomUUID().slice(0, 8)}`;
    await deliverRetell(JSON.stringify(retellFixture("call-ended-inbound", c.orderId, { call_id: callId, transcript_with_tool_calls: bookingTurns })));
    const id = (await storedIds([`retell:${callId}`])).get(`retell:${callId}`)!;
    expect(keysOf(emitted()).sort()).toEqual([`appointment.booked:${id}`, `call.completed:${id}`]);
    emit.mockClear();

    await deliverRetell(JSON.stringify(retellFixture("call-analyzed-inbound", c.orderId, { call_id: callId, transcript_with_tool_calls: bookingTurns })));
    expect(emitted().map((e) => e.type)).toEqual(["call.updated"]);
    expect(emitted()[0]!.data).toMatchObject({ changes: ["summary"] });
  });

  it("emits in the analysis's transaction: when the events cannot be recorded, the summary is not stored", async () => {
    const c = await customerWithAiEmployee({ phone: "+1 (415) 555-0142" });
    await withEndpoint(c.user.id);
    const callId = `call_ev_${randomUUID().slice(0, 8)}`;
    await deliverRetell(JSON.stringify(retellFixture("call-ended-inbound", c.orderId, { call_id: callId })));
    emit.mockRejectedValueOnce(new Error("the events could not be recorded"));
    expect((await deliverRetell(JSON.stringify(retellFixture("call-analyzed-inbound", c.orderId, { call_id: callId })))).status).toBe(500);
    const db = await getDb();
    const [row] = await db
      .select({ summary: interactions.summary })
      .from(interactions)
      .where(eq(interactions.externalId, `retell:${callId}`));
    expect(row!.summary).toBeNull();
  });
});

describe("spam reports", () => {
  const report = (u: TestUser, id: string) => call(reportSpamRoute.POST, { method: "POST", path: `/api/interactions/${id}/report-spam`, cookie: u.cookie, params: { id } });

  it("a report credited at once emits call.updated 'spam' once, with the call's units credited", async () => {
    const c = await customerWithAiEmployee();
    await withEndpoint(c.user.id);
    const record = phoneRecord(c.orderId);
    await ingest(key, [record]);
    const id = (await storedIds([record.id as string])).get(record.id as string)!;
    emit.mockClear();

    expect((await report(c.user, id)).status).toBe(200);
    const events = emitted();
    expect(events.map((e) => [e.type, e.accountId, e.dedupeKey])).toEqual([["call.updated", c.user.id, `call.updated:${id}:spam`]]);
    expectValid(events);
    expect(events[0]!.data).toMatchObject({ id, changes: ["spam"], spamReported: true, units: 0 });

    emit.mockClear();
    expect((await report(c.user, id)).status).toBe(200);
    expect(emit).not.toHaveBeenCalled();
  });

  it("a report past the self-service credit emits nothing while it waits, and call.updated 'spam' when an admin approves it", async () => {
    const c = await customerWithAiEmployee();
    await withEndpoint(c.user.id);
    // An hour-long call: 20 units, past 10% of the Small plan's 120.
    const record = phoneRecord(c.orderId, { durationSeconds: 3600 });
    await ingest(key, [record]);
    const id = (await storedIds([record.id as string])).get(record.id as string)!;
    emit.mockClear();

    expect(await (await report(c.user, id)).json()).toMatchObject({ spamReview: "pending" });
    expect(emit).not.toHaveBeenCalled();

    const approved = await call(approveSpamRoute.POST, { method: "POST", path: `/api/admin/spam-reports/${id}/approve`, cookie: admin.cookie, params: { id }, body: {} });
    expect(approved.status).toBe(200);
    const events = emitted();
    expect(events.map((e) => [e.type, e.accountId, e.dedupeKey])).toEqual([["call.updated", c.user.id, `call.updated:${id}:spam`]]);
    expectValid(events);
    expect(events[0]!.data).toMatchObject({ spamReported: true, changes: ["spam"] });
  });
});

describe("usage alerts", () => {
  it("emits usage.threshold_reached at 80% and at 100%, each once, keyed by its alert", async () => {
    const c = await customerWithAiEmployee();
    await withEndpoint(c.user.id);
    // 5 hour-long calls: 100 of the Small plan's 120 units (83%).
    const first = Array.from({ length: 5 }, () => phoneRecord(c.orderId, { durationSeconds: 3600 }));
    await ingest(key, first);
    emit.mockClear();
    await drainJobs();
    const db = await getDb();
    const [{ month }] = (await db
      .select({ month: interactions.usageMonthStart })
      .from(interactions)
      .where(eq(interactions.externalId, first[0]!.id as string))) as [{ month: Date }];
    let events = emitted("usage.threshold_reached");
    expect(events.map((e) => [e.accountId, e.dedupeKey])).toEqual([[c.user.id, `usage-alert:${c.subscriptionId}:${month.toISOString()}:80`]]);
    expectValid(events);
    expect(events[0]!.data).toMatchObject({ subscriptionId: c.subscriptionId, threshold: 80, usageMonthStart: month.toISOString(), usedUnits: 100, includedUnits: 120, planId: "small" });
    expect(Date.parse((events[0]!.data as { usageMonthEnd: string }).usageMonthEnd)).toBeGreaterThan(month.getTime());

    emit.mockClear();
    await ingest(key, [phoneRecord(c.orderId, { durationSeconds: 3600 })]);
    await drainJobs();
    events = emitted("usage.threshold_reached");
    expect(events.map((e) => [e.dedupeKey, (e.data as { usedUnits: number }).usedUnits])).toEqual([[`usage-alert:${c.subscriptionId}:${month.toISOString()}:100`, 120]]);

    emit.mockClear();
    await ingest(key, [phoneRecord(c.orderId)]);
    await drainJobs();
    expect(emitted("usage.threshold_reached")).toEqual([]);
  });
});

// Last: these move the sandbox's clock forward, which the ingestion above judges months by.
describe("billing", () => {
  const sandbox = new SandboxProvider();
  const CARD = { expMonth: 12, expYear: 2045, cvc: "123", name: "Test" };

  async function customer(): Promise<{ user: TestUser; customerId: string }> {
    const user = await createUser();
    await withEndpoint(user.id);
    return { user, customerId: await ensureCustomer({ accountId: user.id, accountName: "Events Co", email: user.email }) };
  }

  async function trialWithCard(customerId: string, number: string) {
    const si = await sandbox.createSetupIntent(customerId, `si-${randomUUID()}`);
    const confirmed = await sandbox.confirmSetupIntent(si.clientSecret, { number, ...CARD });
    return sandbox.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: confirmed.paymentMethodId, trialDays: 14, metadata: {} }, `sub-${customerId}`);
  }

  async function mirrorOf(providerSubscriptionId: string) {
    const db = await getDb();
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
    return row!;
  }

  async function syncedChange(customerId: string): Promise<EmitInput[]> {
    emit.mockClear();
    await syncCustomerSubscriptions(customerId);
    return emitted("subscription.updated");
  }

  it("emits subscription.updated when the status, plan, trial, period or cancellation changes (a key per change), and nothing for a sync that changes none", async () => {
    const { user, customerId } = await customer();
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, `sub-${customerId}`);
    const started = await syncedChange(customerId);
    const mirror = await mirrorOf(sub.id);
    expect(started).toHaveLength(1);
    expectValid(started);
    expect(started[0]).toMatchObject({
      accountId: user.id,
      dedupeKey: expect.stringMatching(new RegExp(`^subscription\\.updated:${mirror.id}:[0-9a-f]{32}$`)),
      data: { subscriptionId: mirror.id, aiEmployeeId: null, status: "trialing", planId: "small", trialEnd: mirror.trialEnd!.toISOString(), cancelAtPeriodEnd: false },
    });

    expect(await syncedChange(customerId)).toEqual([]);

    await sandbox.cancelAtPeriodEnd(sub.id, `cancel-1-${sub.id}`);
    const cancelled = await syncedChange(customerId);
    expect(cancelled.map((e) => e.data)).toMatchObject([{ status: "trialing", cancelAtPeriodEnd: true }]);
    await sandbox.resumeSubscription(sub.id, `resume-1-${sub.id}`);
    const resumed = await syncedChange(customerId);
    expect(resumed.map((e) => e.data)).toMatchObject([{ cancelAtPeriodEnd: false }]);
    await sandbox.cancelAtPeriodEnd(sub.id, `cancel-2-${sub.id}`);
    const cancelledAgain = await syncedChange(customerId);
    expect(cancelledAgain.map((e) => e.data)).toMatchObject([{ cancelAtPeriodEnd: true }]);
    // The same state reached twice is two changes: two events.
    const keys = keysOf([...started, ...cancelled, ...resumed, ...cancelledAgain]);
    expect(new Set(keys).size).toBe(4);
    expectValid([...cancelled, ...resumed, ...cancelledAgain]);
  });

  it("the provider's invoice.payment_failed names the invoice whose payment failed: invoice.payment_failed in integer cents, once", async () => {
    const { user, customerId } = await customer();
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, `sub-${customerId}`);
    // An open invoice of a subscription that is not past due: only the provider's event says its payment failed.
    const open: ProviderInvoice = {
      id: `in_failed_${randomUUID().slice(0, 8)}`,
      customerId,
      subscriptionId: sub.id,
      status: "open",
      description: "Usage charges",
      amountDue: 2350,
      amountPaid: 0,
      currency: "usd",
      hostedInvoiceUrl: null,
      invoicePdfUrl: null,
      periodStart: null,
      periodEnd: null,
      createdAt: new Date(),
      metadata: {},
    };
    setProviderForTests(Object.assign(Object.create(sandbox) as SandboxProvider, { listInvoices: async () => [open] }));
    emit.mockClear();
    await syncCustomerSubscriptions(customerId);
    expect(emitted("invoice.payment_failed")).toEqual([]);

    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "invoice.payment_failed",
      created: Math.floor(Date.now() / 1000),
      api_version: Stripe.API_VERSION,
      data: { object: { id: open.id, object: "invoice", customer: customerId } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() });
    const res = await stripeWebhook(new Request(`${BASE}/api/stripe/webhook`, { method: "POST", headers: { "stripe-signature": signature, "content-type": "application/json" }, body: payload }));
    expect(res.status).toBe(200);
    await drainJobs();
    const db = await getDb();
    const [mirrored] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.providerInvoiceId, open.id));
    const failed = emitted("invoice.payment_failed");
    expect(failed).toEqual([
      {
        accountId: user.id,
        type: "invoice.payment_failed",
        dedupeKey: `invoice.payment_failed:${mirrored!.id}`,
        data: { invoiceId: mirrored!.id, subscriptionId: (await mirrorOf(sub.id)).id, amountCents: 2350, currency: "usd", status: "open", links: { portal: `${config().baseUrl}/billing` } },
      },
    ]);
    expectValid(failed);
  });

  it("emits invoice.paid when a trial's first invoice is paid and invoice.payment_failed when its card is declined, once each", async () => {
    const good = await customer();
    const bad = await customer();
    const paidSub = await trialWithCard(good.customerId, SANDBOX_SUCCESS_CARD);
    const failingSub = await trialWithCard(bad.customerId, SANDBOX_CHARGE_FAILS_CARD);
    await syncCustomerSubscriptions(good.customerId);
    await syncCustomerSubscriptions(bad.customerId);
    await advanceSandboxClock(15);

    emit.mockClear();
    await syncCustomerSubscriptions(good.customerId);
    await syncCustomerSubscriptions(bad.customerId);
    const db = await getDb();
    const invoiceOf = async (accountId: string) =>
      (
        await db
          .select()
          .from(invoices)
          .where(and(eq(invoices.accountId, accountId)))
      )[0]!;
    const paid = await invoiceOf(good.user.id);
    const unpaid = await invoiceOf(bad.user.id);
    const invoiceEvents = emitted().filter((e) => e.type.startsWith("invoice."));
    expect(invoiceEvents.map((e) => [e.type, e.accountId, e.dedupeKey])).toEqual([
      ["invoice.paid", good.user.id, `invoice.paid:${paid.id}`],
      ["invoice.payment_failed", bad.user.id, `invoice.payment_failed:${unpaid.id}`],
    ]);
    expectValid(invoiceEvents);
    expect(invoiceEvents.map((e) => e.data)).toMatchObject([
      { invoiceId: paid.id, subscriptionId: (await mirrorOf(paidSub.id)).id, amountCents: 14900, currency: "usd", status: "paid" },
      { invoiceId: unpaid.id, subscriptionId: (await mirrorOf(failingSub.id)).id, amountCents: 14900, status: "open" },
    ]);
    // The trial's end changed both subscriptions too.
    expect(emitted("subscription.updated").map((e) => [e.accountId, (e.data as { status: string }).status])).toEqual([
      [good.user.id, "active"],
      [bad.user.id, "past_due"],
    ]);

    // The sandbox sends no event: the sync's own reading of the failure records it on the invoice (ADR 0139).
    expect(unpaid.paymentFailedAt).toBeInstanceOf(Date);
    expect(paid.paymentFailedAt).toBeNull();

    emit.mockClear();
    await syncCustomerSubscriptions(good.customerId);
    await syncCustomerSubscriptions(bad.customerId);
    expect(emitted().filter((e) => e.type.startsWith("invoice."))).toEqual([]);
    expect((await invoiceOf(bad.user.id)).paymentFailedAt).toEqual(unpaid.paymentFailedAt);

    // A good card pays the open invoice: paid, and its failure kept (a recovered payment).
    const si = await sandbox.createSetupIntent(bad.customerId, `si-${randomUUID()}`);
    await sandbox.confirmSetupIntent(si.clientSecret, { number: SANDBOX_SUCCESS_CARD, ...CARD });
    await syncCustomerSubscriptions(bad.customerId);
    expect(await invoiceOf(bad.user.id)).toMatchObject({ id: unpaid.id, status: "paid", paymentFailedAt: unpaid.paymentFailedAt });
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { invoices, overageEntries } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { stopJobWorkers } from "@/lib/jobs/jobs.server";
import { drainJobs, makeJobsDue } from "@/lib/jobs/testing.server";
import { setProviderForTests } from "@/features/billing/provider";
import { ProviderError } from "@/features/billing/provider/port";
import type { StripePricesResponse } from "@/features/billing/admin-api-types";
import type { OverageEntryView } from "@/features/overage/overage.schema";
import { FakeProvider } from "@/features/usage/testing/fake-provider";
import { seedSubscription } from "@/features/usage/testing/seed";
import { overageBillJob, submitEntry } from "@/features/overage/overage.server";
import type { SubmitEntryResponse } from "@/features/overage/overage.schema";
import * as entries from "@app/api/admin/overage-entries/route";
import * as lineItems from "@app/api/admin/overage-entries/[id]/line-items/route";
import * as submit from "@app/api/admin/overage-entries/[id]/submit/route";
import * as history from "@app/api/admin/overage-entries/subscription/[id]/route";
import * as prices from "@app/api/admin/stripe-prices/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { subscriptionWithCycle } from "./overage-fixtures";

let admin: TestUser;
let customer: TestUser;
let fake: FakeProvider;

beforeAll(async () => {
  // Workers in this process, as in the server (the submit route waits for the job).
  await startJobs({ jobs: [overageBillJob], pollingIntervalSeconds: 0.5 });
  admin = await createUser({ role: "admin" });
  customer = await createUser({ firstName: "Olga", email: `olga-${Date.now()}@example.com` });
});
afterAll(() => stopJobWorkers());
beforeEach(() => {
  fake = new FakeProvider();
  setProviderForTests(fake);
});
afterEach(() => setProviderForTests(undefined));

const activeSub = () => subscriptionWithCycle(admin, customer, "ov");

async function startEntry(body: Record<string, unknown>) {
  return call(entries.POST, { method: "POST", path: "/api/admin/overage-entries", cookie: admin.cookie, body });
}
async function addItem(entryId: string, body: Record<string, unknown>) {
  return call(lineItems.POST, { method: "POST", path: `/api/admin/overage-entries/${entryId}/line-items`, cookie: admin.cookie, params: { id: entryId }, body });
}
async function submitIt(entryId: string) {
  return call(submit.POST, { method: "POST", path: `/api/admin/overage-entries/${entryId}/submit`, cookie: admin.cookie, params: { id: entryId }, body: {} });
}
async function historyOf(subId: string) {
  const res = await call(history.GET, { path: `/api/admin/overage-entries/subscription/${subId}`, cookie: admin.cookie, params: { id: subId } });
  return (await res.json()) as OverageEntryView[];
}
async function priceList(subId: string) {
  const res = await call(prices.GET, { path: `/api/admin/stripe-prices?subscriptionId=${subId}`, cookie: admin.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as StripePricesResponse;
}

describe("overage entries", () => {
  it("price list has the plan's usage prices and plan context", async () => {
    const { sub } = await activeSub();
    const p = await priceList(sub.id);
    expect(p.planContext).toEqual({ planSize: "small", billing: "monthly" });
    expect(p.usagePriceMap.phone_inbound?.id).toBe("price_usage_phone_inbound_small_monthly");
    expect(p.usagePriceMap.text_outbound?.unitLabel).toBe("text");
    expect(p.prices.length).toBeGreaterThanOrEqual(5);
  });

  it("needs a billing period, refuses trialing subscriptions, validates line items and totals them", async () => {
    const { sub, cycle } = await activeSub();
    let res = await startEntry({ subscriptionId: sub.id, billNow: true });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Please select a billing period first.");

    const trial = await seedSubscription({ accountId: customer.id, status: "trialing" });
    res = await startEntry({ subscriptionId: trial.id, periodStart: trial.trialStart!.toISOString(), periodEnd: trial.trialEnd!.toISOString(), billNow: true });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("This subscription is in trial mode. No billing cycles are available yet.");

    res = await startEntry({ subscriptionId: sub.id, periodStart: cycle.periodEnd, periodEnd: cycle.periodStart, billNow: true });
    expect(res.status).toBe(400);

    res = await startEntry({ subscriptionId: sub.id, periodStart: cycle.periodStart, periodEnd: cycle.periodEnd, billNow: true });
    expect(res.status).toBe(201);
    const entry = (await res.json()) as OverageEntryView;
    expect(entry).toMatchObject({ status: "draft", totalAmount: 0, billNow: true, periodStart: cycle.periodStart });

    const priceId = (await priceList(sub.id)).usagePriceMap.phone_inbound!.id;
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ quantity: 1, unitPrice: 100 }, "Missing Information: Please fill in all required fields."],
      [{ stripePriceId: priceId, unitPrice: 100 }, "Missing Information: Please fill in all required fields."],
      [{ stripePriceId: priceId, quantity: 0, unitPrice: 100 }, "Quantity must be at least 1"],
      [{ stripePriceId: priceId, quantity: 2, unitPrice: -1 }, "Unit price must be 0 cents or more"],
      [{ stripePriceId: priceId, quantity: 2.5, unitPrice: 10 }, "Quantity must be a whole number"],
      [{ stripePriceId: "price_missing", quantity: 1, unitPrice: 10 }, "Price not found"],
    ];
    for (const [body, message] of bad) {
      const r = await addItem(entry.id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(((await r.json()) as { message: string }).message).toContain(message);
    }
    await addItem(entry.id, { stripePriceId: priceId, quantity: 3, unitPrice: 198, description: "Extra calls" });
    res = await addItem(entry.id, { stripePriceId: priceId, quantity: 10, unitPrice: 0 });
    const updated = (await res.json()) as OverageEntryView;
    expect(updated.lineItems.map((i) => i.totalPrice)).toEqual([594, 0]);
    expect(updated.totalAmount).toBe(594);
    expect(updated.lineItems[0]).toMatchObject({ productName: "Small phone inbound usage", unitLabel: "call", description: "Extra calls" });

    const unknown = await addItem("00000000-0000-0000-0000-000000000000", { stripePriceId: priceId, quantity: 1, unitPrice: 1 });
    expect(unknown.status).toBe(404);
    // Drafts do not show in History.
    expect(await historyOf(sub.id)).toEqual([]);
  });

  it("bill now: one invoice created and finalized, answered as billed with its URL; mirrored into the customer's invoices; badge data billed", async () => {
    const { sub, cycle } = await activeSub();
    const p = await priceList(sub.id);
    const entry = (await (await startEntry({ subscriptionId: sub.id, periodStart: cycle.periodStart, periodEnd: cycle.periodEnd, billNow: true })).json()) as OverageEntryView;
    await addItem(entry.id, { stripePriceId: p.usagePriceMap.phone_inbound!.id, quantity: 4, unitPrice: 198 });
    await addItem(entry.id, { stripePriceId: p.usagePriceMap.text_inbound!.id, quantity: 10, unitPrice: 99 });
    fake.failNext.invoice = 1; // a provider hiccup is retried by the job

    // The route waits for the job (which retries once after a 2 s backoff) and answers its result.
    const res = await submitIt(entry.id);
    const result = (await res.json()) as SubmitEntryResponse;
    expect(result.status).toBe("billed");
    expect(result.invoiceUrl).toMatch(/^https:\/\/invoices\.example\.test\//);
    expect(result.message).toContain("Check email");

    expect(fake.invoices.size).toBe(1);
    const db = await getDb();
    const invoice = fake.invoices.get(`overage-${entry.id}`)!;
    expect(invoice.amountDue).toBe(4 * 198 + 10 * 99);
    expect(fake.invoiceLines.get(invoice.id)!.map((l) => [l.priceId, l.quantity, l.unitAmount])).toEqual([
      [p.usagePriceMap.phone_inbound!.id, 4, 198],
      [p.usagePriceMap.text_inbound!.id, 10, 99],
    ]);
    const mirrored = await db.select().from(invoices).where(eq(invoices.providerInvoiceId, invoice.id));
    expect(mirrored).toHaveLength(1);
    expect(mirrored[0]!.accountId).toBe(customer.id);

    const h = await historyOf(sub.id);
    expect(h).toHaveLength(1);
    // The fake's invoice is left open and unpaid by the at-once payment: History shows the payment failed.
    expect(h[0]).toMatchObject({ id: entry.id, status: "failed", totalAmount: 1782, stripeInvoiceUrl: invoice.hostedInvoiceUrl });
    expect(h[0]!.lineItems).toHaveLength(2);

    // Submitting again neither bills twice nor accepts new items.
    expect(((await (await submitIt(entry.id)).json()) as SubmitEntryResponse).status).toBe("billed");
    expect(fake.invoices.size).toBe(1);
    expect((await addItem(entry.id, { stripePriceId: p.usagePriceMap.phone_inbound!.id, quantity: 1, unitPrice: 1 })).status).toBe(409);
  });

  it("History shows what became of a billed entry's invoice (the mirrored row): open, paid, failed, void; billed until mirrored", async () => {
    const { sub, cycle } = await activeSub();
    const p = await priceList(sub.id);
    const entry = (await (await startEntry({ subscriptionId: sub.id, periodStart: cycle.periodStart, periodEnd: cycle.periodEnd, billNow: true })).json()) as OverageEntryView;
    await addItem(entry.id, { stripePriceId: p.usagePriceMap.phone_inbound!.id, quantity: 2, unitPrice: 198 });
    const result = (await (await submitIt(entry.id)).json()) as SubmitEntryResponse;
    expect(result.status).toBe("billed");
    const invoice = fake.invoices.get(`overage-${entry.id}`)!;
    const db = await getDb();
    const setInvoice = (status: "open" | "paid" | "void" | "uncollectible") => db.update(invoices).set({ status }).where(eq(invoices.providerInvoiceId, invoice.id));
    const shown = async () => (await historyOf(sub.id)).find((e) => e.id === entry.id)!.status;

    // Open and unpaid after the at-once payment: the payment failed.
    expect(await shown()).toBe("failed");
    // Open with no failed payment on record: open (awaiting payment).
    await db.update(overageEntries).set({ error: null }).where(eq(overageEntries.id, entry.id));
    expect(await shown()).toBe("open");
    await setInvoice("paid");
    expect(await shown()).toBe("paid");
    await setInvoice("uncollectible");
    expect(await shown()).toBe("failed");
    await setInvoice("void");
    expect(await shown()).toBe("void");
    // Not mirrored (yet): billed.
    await db.delete(invoices).where(eq(invoices.providerInvoiceId, invoice.id));
    expect(await shown()).toBe("billed");
    // The stored status stays billed: a repeated submit answers as the spec says.
    const again = (await (await submitIt(entry.id)).json()) as SubmitEntryResponse;
    expect(again).toMatchObject({ status: "billed", message: "An overage invoice was created and finalized. Check email for the invoice." });
  });

  it("add to next invoice: items handed to the provider as pending items, entry stays pending", async () => {
    const { sub, cycle } = await activeSub();
    const p = await priceList(sub.id);
    const entry = (await (await startEntry({ subscriptionId: sub.id, periodStart: cycle.periodStart, periodEnd: cycle.periodEnd, billNow: false })).json()) as OverageEntryView;
    expect((await submitIt(entry.id)).status).toBe(400); // no items yet
    await addItem(entry.id, { stripePriceId: p.usagePriceMap.phone_outbound!.id, quantity: 2, unitPrice: 150 });
    const result = (await (await submitIt(entry.id)).json()) as SubmitEntryResponse;
    expect(result).toMatchObject({ status: "pending", invoiceUrl: null, billNow: false });
    expect(result.message).toBe("The overage charges will be added to the next invoice.");
    expect(fake.invoices.size).toBe(0);
    const pending = fake.pendingItems.get(`overage-${entry.id}`)!;
    expect(pending.subscriptionId).toBe(sub.providerSubscriptionId);
    expect(pending.lines.map((l) => l.quantity * l.unitAmount)).toEqual([300]);
    expect((await historyOf(sub.id))[0]!.status).toBe("pending");
  });

  it("a provider refusal marks the entry failed", async () => {
    const { sub, cycle } = await activeSub();
    const p = await priceList(sub.id);
    fake.invoiceError = new ProviderError("No such customer", "resource_missing", false);
    const entry = (await (await startEntry({ subscriptionId: sub.id, periodStart: cycle.periodStart, periodEnd: cycle.periodEnd, billNow: true })).json()) as OverageEntryView;
    await addItem(entry.id, { stripePriceId: p.usagePriceMap.phone_inbound!.id, quantity: 1, unitPrice: 198 });
    const result = (await (await submitIt(entry.id)).json()) as SubmitEntryResponse;
    expect(result.status).toBe("failed");
    expect(result.invoiceUrl).toBeNull();
    expect((await historyOf(sub.id))[0]!.status).toBe("failed");
  });

  it("a provider down for longer than the retries marks the entry failed after the last attempt, never billed twice", async () => {
    const { sub, cycle } = await activeSub();
    const p = await priceList(sub.id);
    fake.failNext.invoice = 100;
    const entry = (await (await startEntry({ subscriptionId: sub.id, periodStart: cycle.periodStart, periodEnd: cycle.periodEnd, billNow: true })).json()) as OverageEntryView;
    await addItem(entry.id, { stripePriceId: p.usagePriceMap.phone_inbound!.id, quantity: 1, unitPrice: 198 });
    const first = await submitEntry(entry.id, { waitMs: 0 });
    expect(first.status).toBe("pending");
    // Let time pass between attempts (the background workers may take some of them).
    for (let i = 0; i < 60 && (await historyOf(sub.id))[0]!.status !== "failed"; i++) {
      await makeJobsDue();
      await drainJobs();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await historyOf(sub.id))[0]!.status).toBe("failed");
    expect(100 - fake.failNext.invoice).toBe(8); // exactly the 8 allowed attempts, then no more
    expect(fake.invoices.size).toBe(0);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { eq } from "drizzle-orm";
import { overageEntries, paymentCustomers } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { stopJobWorkers } from "@/lib/jobs/jobs.server";
import { setProviderForTests } from "@/features/billing/provider";
import { StripeProvider } from "@/features/billing/provider/stripe-provider.server";
import { LoopbackStripe, list, type RecordedRequest } from "@/features/billing/provider/testing/loopback-stripe";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { seedSubscription } from "@/features/usage/testing/seed";
import { addLineItem, billOverageEntry, createEntry, OVERAGE_MAX_ATTEMPTS, overageBillJob } from "@/features/overage/overage.server";
import type { OverageEntryView, SubmitEntryResponse } from "@/features/overage/overage.schema";
import * as submit from "@app/api/admin/overage-entries/[id]/submit/route";
import * as history from "@app/api/admin/overage-entries/subscription/[id]/route";
import { call, createUser, type TestUser } from "./http-helpers";

const T0 = Math.floor(Date.now() / 1000);

/** The catalogue's usage prices as Stripe has them: recurring and metered (ADR 0045). */
function meteredPrice(id: string, product: string, name: string, unitAmount: number, meter: string) {
  return {
    id,
    object: "price",
    type: "recurring",
    active: true,
    lookup_key: id.replace(/^price_/, ""),
    unit_amount: unitAmount,
    currency: "usd",
    product: { id: product, object: "product", name, unit_label: name.startsWith("Phone") ? "call" : "text" },
    recurring: { interval: "month", usage_type: "metered", meter },
  };
}

const PHONE = meteredPrice("price_usage_phone_inbound_small_monthly", "prod_phone", "Phone inbound usage", 198, "mtr_phone");
const TEXT = meteredPrice("price_usage_text_inbound_small_monthly", "prod_text", "Text inbound usage", 99, "mtr_text");

/**
 * Overage billing in Stripe mode: routes and job -> Stripe adapter -> a
 * loopback API that applies Stripe's rules (one-time prices only on invoice
 * items, idempotency) -> the mirror the History reads.
 */
describe("overage invoices in Stripe mode (loopback API)", () => {
  const api = new LoopbackStripe();
  let admin: TestUser;
  let customer: TestUser;
  const customerId = `cus_${randomUUID().slice(0, 8)}`;
  /** The customer's invoices at "Stripe", as GET /v1/invoices lists them. */
  const remote = new Map<string, Record<string, unknown>>();
  /** Which product's invoice item the API refuses (a provider refusal half-way). */
  let refuseProduct: string | null = null;
  /** Whether the card declines the at-once payment. */
  let declines = false;
  let counter = 0;

  function invoiceBody(id: string, over: Record<string, unknown> = {}) {
    return {
      id,
      object: "invoice",
      customer: customerId,
      status: "draft",
      amount_due: 0,
      amount_paid: 0,
      currency: "usd",
      hosted_invoice_url: null,
      invoice_pdf: null,
      created: T0,
      period_start: T0,
      period_end: T0,
      metadata: {},
      parent: null,
      lines: { object: "list", data: [] },
      ...remote.get(id),
      ...over,
    };
  }

  beforeAll(async () => {
    await startJobs({ jobs: [overageBillJob], pollingIntervalSeconds: 0.5 });
    await api.start();
    setProviderForTests(new StripeProvider({ secretKey: "sk_test_overage", webhookSecret: "whsec_overage", apiHost: api.url, maxNetworkRetries: 0 }));
    admin = await createUser({ role: "admin" });
    customer = await createUser();
    const db = await getDb();
    await db.insert(paymentCustomers).values({ accountId: customer.id, providerCustomerId: customerId });

    api.on("GET", "/v1/billing/meters", {
      body: list([
        { id: "mtr_phone", object: "billing.meter", event_name: "phone_inbound" },
        { id: "mtr_text", object: "billing.meter", event_name: "text_inbound" },
      ]),
    });
    api.on("GET", "/v1/prices", { body: list([PHONE, TEXT]) });
    api.on("GET", `/v1/prices/${PHONE.id}`, { body: { ...PHONE, product: "prod_phone" } });
    api.on("GET", `/v1/prices/${TEXT.id}`, { body: { ...TEXT, product: "prod_text" } });
    api.on("GET", "/v1/subscriptions", { body: list([]) });
    api.on("GET", "/v1/invoices", () => ({ body: list([...remote.keys()].map((id) => invoiceBody(id))) }));
    api.on("POST", "/v1/invoices", (r) => {
      const id = `in_ov_${++counter}`;
      remote.set(id, { status: "draft", metadata: { overage_entry_id: r.params["metadata[overage_entry_id]"] }, items: [] });
      return { body: invoiceBody(id) };
    });
    api.on("POST", "/v1/invoiceitems", (r) => {
      if (refuseProduct && r.params["price_data[product]"] === refuseProduct) {
        return { status: 400, body: { error: { type: "invalid_request_error", code: "parameter_invalid_integer", message: "Invalid integer: quantity" } } };
      }
      const id = `ii_ov_${++counter}`;
      const amount = Number(r.params.quantity) * Number(r.params["price_data[unit_amount]"]);
      const inv = r.params.invoice ? remote.get(r.params.invoice) : undefined;
      if (inv) {
        (inv.items as string[]).push(id);
        inv.amount_due = Number(inv.amount_due ?? 0) + amount;
      }
      return { body: { id, object: "invoiceitem", amount } };
    });
    api.on("GET", /^\/v1\/invoices\/in_ov_\d+$/, (r) => ({ body: invoiceBody(r.path.split("/").pop()!) }));
    api.on("DELETE", /^\/v1\/invoices\/in_ov_\d+$/, (r) => {
      const id = r.path.split("/").pop()!;
      remote.delete(id);
      return { body: { id, object: "invoice", deleted: true } };
    });
    api.on("DELETE", /^\/v1\/invoiceitems\/ii_ov_\d+$/, (r) => ({ body: { id: r.path.split("/").pop(), object: "invoiceitem", deleted: true } }));
    api.on("POST", /^\/v1\/invoices\/in_ov_\d+\/finalize$/, (r) => {
      const id = r.path.split("/")[3]!;
      Object.assign(remote.get(id)!, { status: "open", hosted_invoice_url: `https://invoice.stripe.com/i/${id}` });
      return { body: invoiceBody(id) };
    });
    api.on("POST", /^\/v1\/invoices\/in_ov_\d+\/pay$/, (r) => {
      const id = r.path.split("/")[3]!;
      if (declines) return { status: 402, body: { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } } };
      const inv = remote.get(id)!;
      Object.assign(inv, { status: "paid", amount_paid: inv.amount_due });
      return { body: invoiceBody(id) };
    });
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await stopJobWorkers();
    await api.stop();
  });

  async function entryWithTwoLines(billNow: boolean) {
    const sub = await seedSubscription({ accountId: customer.id, customerId });
    const entry = await createEntry({ subscriptionId: sub.id, periodStart: sub.currentPeriodStart!.toISOString(), periodEnd: sub.currentPeriodEnd!.toISOString(), billNow }, admin.id);
    await addLineItem(entry.id, { stripePriceId: PHONE.id, quantity: 4, unitPrice: 198 });
    await addLineItem(entry.id, { stripePriceId: TEXT.id, quantity: 10, unitPrice: 99 });
    return { sub, entry };
  }
  /** Submits a new entry of two lines whose second (text) line the provider refuses; the answer and what was asked of the provider meanwhile. */
  async function submitRefusedHalfWay(billNow: boolean) {
    refuseProduct = "prod_text";
    declines = false;
    const { sub, entry } = await entryWithTwoLines(billNow);
    const n = api.requests.length;
    const result = await submitIt(entry.id);
    return { sub, entry, result, requests: since(n) };
  }
  async function submitIt(entryId: string) {
    const res = await call(submit.POST, { method: "POST", path: `/api/admin/overage-entries/${entryId}/submit`, cookie: admin.cookie, params: { id: entryId }, body: {} });
    expect(res.status).toBe(200);
    return (await res.json()) as SubmitEntryResponse;
  }
  async function historyOf(subId: string) {
    const res = await call(history.GET, { path: `/api/admin/overage-entries/subscription/${subId}`, cookie: admin.cookie, params: { id: subId } });
    return (await res.json()) as OverageEntryView[];
  }
  const since = (n: number) => api.requests.slice(n);
  const items = (reqs: RecordedRequest[]) => reqs.filter((r) => r.method === "POST" && r.path === "/v1/invoiceitems");

  it("bill now with the catalogue's recurring prices: items by price_data, finalized for automatic collection, paid at once; History shows paid", async () => {
    refuseProduct = null;
    declines = false;
    const { sub, entry } = await entryWithTwoLines(true);
    const n = api.requests.length;
    const result = await submitIt(entry.id);
    // The submit answer and its toast text stay as the spec fixes them.
    expect(result).toMatchObject({ status: "billed", billNow: true });
    expect(result.invoiceUrl).toMatch(/^https:\/\/invoice\.stripe\.com\/i\/in_ov_/);
    expect(result.message).toBe("An overage invoice was created and finalized. Check email for the invoice.");

    const made = items(since(n));
    expect(made).toHaveLength(2);
    expect(made.every((r) => !("pricing[price]" in r.params))).toBe(true);
    expect(made.map((r) => [r.params["price_data[product]"], r.params["price_data[unit_amount]"], r.params.quantity])).toEqual([
      ["prod_phone", "198", "4"],
      ["prod_text", "99", "10"],
    ]);
    const finalize = since(n).find((r) => r.path.endsWith("/finalize"))!;
    expect(finalize.params).toEqual({ auto_advance: "true" });

    const [shown] = await historyOf(sub.id);
    expect(shown).toMatchObject({ id: entry.id, status: "paid", stripeInvoiceUrl: result.invoiceUrl });
  });

  it("a declined payment is not swallowed: the entry is billed (the invoice stands and is collected), History shows the payment failed, then paid when the invoice is", async () => {
    refuseProduct = null;
    declines = true;
    const { sub, entry } = await entryWithTwoLines(true);
    const result = await submitIt(entry.id);
    expect(result.status).toBe("billed");
    expect(result.message).toContain("Check email");
    let [shown] = await historyOf(sub.id);
    expect(shown).toMatchObject({ id: entry.id, status: "failed" });
    expect(shown!.stripeInvoiceUrl).toMatch(/^https:\/\/invoice\.stripe\.com\//);

    // Stripe's automatic collection later succeeds; the webhook sync mirrors the paid invoice.
    const invoiceId = shown!.stripeInvoiceUrl!.split("/").pop()!;
    const inv = remote.get(invoiceId)!;
    Object.assign(inv, { status: "paid", amount_paid: inv.amount_due });
    await syncCustomerSubscriptions(customerId);
    [shown] = await historyOf(sub.id);
    expect(shown!.status).toBe("paid");

    // Marked uncollectible at the end of dunning: failed; voided: void.
    Object.assign(inv, { status: "uncollectible" });
    await syncCustomerSubscriptions(customerId);
    expect((await historyOf(sub.id))[0]!.status).toBe("failed");
    Object.assign(inv, { status: "void" });
    await syncCustomerSubscriptions(customerId);
    expect((await historyOf(sub.id))[0]!.status).toBe("void");
  });

  it("bill now: a refusal half-way deletes the draft, so the failed entry leaves nothing to bill", async () => {
    const { sub, entry, result, requests } = await submitRefusedHalfWay(true);
    expect(result).toMatchObject({ status: "failed", invoiceUrl: null });
    expect(result.message).toBe("The overage could not be billed. See History for details.");
    const draft = requests.find((r) => r.method === "POST" && r.path === "/v1/invoices")!;
    expect(draft).toBeDefined();
    const deleted = requests.filter((r) => r.method === "DELETE");
    expect(deleted.map((r) => r.path)).toEqual([expect.stringMatching(/^\/v1\/invoices\/in_ov_\d+$/)]);
    expect(requests.some((r) => r.path.endsWith("/finalize"))).toBe(false);
    expect([...remote.values()].filter((i) => (i.metadata as Record<string, string>).overage_entry_id === entry.id)).toEqual([]);
    expect((await historyOf(sub.id))[0]).toMatchObject({ id: entry.id, status: "failed", stripeInvoiceUrl: null });
  });

  it("next invoice: a refusal half-way deletes the pending item already made for the entry", async () => {
    const { sub, entry, result, requests } = await submitRefusedHalfWay(false);
    expect(result).toMatchObject({ status: "failed", billNow: false });
    const made = items(requests);
    expect(made).toHaveLength(2);
    expect(made[0]!.params).toMatchObject({ subscription: sub.providerSubscriptionId, "price_data[product]": "prod_phone" });
    const deleted = requests.filter((r) => r.method === "DELETE");
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.path).toMatch(/^\/v1\/invoiceitems\/ii_ov_\d+$/);
    expect((await historyOf(sub.id))[0]).toMatchObject({ id: entry.id, status: "failed" });
  });

  it("next invoice: when the retries run out during an outage half-way, the items already made are removed too", async () => {
    refuseProduct = null;
    declines = false;
    // Stripe keeps pending items with their metadata; the text line meets an outage (500) every time.
    const pending = new Map<string, { id: string; object: "invoiceitem"; customer: string; metadata: Record<string, string> }>();
    api.on("POST", "/v1/invoiceitems", (r) => {
      if (r.params["price_data[product]"] === "prod_text") return { status: 500, body: { error: { type: "api_error", message: "An unknown error occurred" } } };
      const id = `ii_ov_${++counter}`;
      pending.set(id, { id, object: "invoiceitem", customer: r.params.customer!, metadata: { billing_key: r.params["metadata[billing_key]"]! } });
      return { body: pending.get(id) };
    });
    api.on("GET", "/v1/invoiceitems", (r) => ({ body: list([...pending.values()].filter((i) => i.customer === r.query.customer)) }));
    api.on("DELETE", /^\/v1\/invoiceitems\/ii_ov_\d+$/, (r) => {
      const id = r.path.split("/").pop()!;
      pending.delete(id);
      return { body: { id, object: "invoiceitem", deleted: true } };
    });
    const { sub, entry } = await entryWithTwoLines(false);
    const other = `ii_other_${randomUUID().slice(0, 6)}`;
    pending.set(other, { id: other, object: "invoiceitem", customer: customerId, metadata: { billing_key: "overage-someone-else" } });
    // Submitted (the job is run by hand below, attempt by attempt).
    await (await getDb()).update(overageEntries).set({ status: "pending", submittedAt: new Date() }).where(eq(overageEntries.id, entry.id));
    // Attempts before the last leave the phone item in place for the retry to carry on from.
    await billOverageEntry(entry.id, 1).catch(() => undefined);
    const made = [...pending.values()].filter((i) => i.id !== other);
    expect(made).toHaveLength(1);
    expect((await historyOf(sub.id))[0]).toMatchObject({ id: entry.id, status: "pending" });
    // The last attempt gives up: the entry is failed and nothing of it is left to bill at renewal.
    await billOverageEntry(entry.id, OVERAGE_MAX_ATTEMPTS);
    expect((await historyOf(sub.id))[0]).toMatchObject({ id: entry.id, status: "failed" });
    expect([...pending.keys()]).toEqual([other]);
    const listed = api.find("GET", "/v1/invoiceitems").at(-1)!;
    expect(listed.query).toMatchObject({ customer: customerId, pending: "true" });
  });
});

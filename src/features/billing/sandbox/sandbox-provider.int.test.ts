import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SandboxProvider } from "./sandbox-provider.server";
import { DECLINED_MESSAGE } from "./card-checks";
import type { MeterEventData } from "./sandbox-objects";
import { advanceSandboxClock, sandboxNow, sbxList } from "./store.server";

const DAY = 86_400_000;

async function customerWithCard(p: SandboxProvider, card = "4242424242424242") {
  const userId = randomUUID();
  const { id } = await p.createCustomer({ email: `${userId}@example.com`, name: "Test", accountId: userId }, `customer-${userId}`);
  const si = await p.createSetupIntent(id, `si-${userId}`);
  const confirmed = await p.confirmSetupIntent(si.clientSecret, { number: card, expMonth: 12, expYear: 2045, cvc: "123", name: "Test" });
  return { customerId: id, setupIntent: confirmed };
}

describe("sandbox payment provider", () => {
  const p = new SandboxProvider();

  it("returns the first object for a repeated idempotency key", async () => {
    const userId = randomUUID();
    const a = await p.createCustomer({ email: "a@example.com", name: "A", accountId: userId }, `customer-${userId}`);
    const b = await p.createCustomer({ email: "a@example.com", name: "A", accountId: userId }, `customer-${userId}`);
    expect(b.id).toBe(a.id);
    const { customerId, setupIntent } = await customerWithCard(p);
    const s1 = await p.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: setupIntent.paymentMethodId, trialDays: 14, metadata: {} }, "k-sub");
    const s2 = await p.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: setupIntent.paymentMethodId, trialDays: 14, metadata: {} }, "k-sub");
    expect(s2.id).toBe(s1.id);
    expect(await p.listSubscriptions(customerId)).toHaveLength(1);
  });

  it("declines 4000 0000 0000 0002 and a card expired by the sandbox clock", async () => {
    const declined = await customerWithCard(p, "4000000000000002");
    expect(declined.setupIntent).toMatchObject({ status: "requires_payment_method", lastError: DECLINED_MESSAGE, paymentMethodId: null });
    const { customerId } = await customerWithCard(p);
    const si = await p.createSetupIntent(customerId, `si-exp-${customerId}`);
    const now = await sandboxNow();
    const expired = await p.confirmSetupIntent(si.clientSecret, { number: "4242424242424242", expMonth: 1, expYear: now.getUTCFullYear() - 1, cvc: "123", name: "" });
    expect(expired.lastError).toMatch(/expiration date/);
  });

  it("refuses a payment method of another customer", async () => {
    const a = await customerWithCard(p);
    const b = await customerWithCard(p);
    await expect(
      p.createTrialSubscription({ customerId: b.customerId, planId: "small", billing: "monthly", paymentMethodId: a.setupIntent.paymentMethodId, trialDays: 14, metadata: {} }, "k-foreign"),
    ).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("tells the time by the sandbox clock, whose rollovers no webhook announces", async () => {
    const before = await sandboxNow();
    const now = await p.now();
    const after = await sandboxNow();
    expect(now.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(now.getTime()).toBeLessThanOrEqual(after.getTime());
    expect(p.periodsAdvanceWithoutWebhooks).toBe(true);
  });

  it("stores meter events with their time and counts an identifier once", async () => {
    const { customerId } = await customerWithCard(p);
    const t = await sandboxNow();
    await p.reportMeterEvent({ eventName: "phone_inbound", customerId, value: 5, identifier: "usage-1-phone_inbound", timestamp: t });
    await p.reportMeterEvent({ eventName: "phone_inbound", customerId, value: 5, identifier: "usage-1-phone_inbound", timestamp: t });
    await p.reportMeterEvent({ eventName: "phone_inbound", customerId, value: 2, identifier: "usage-2-phone_inbound", timestamp: t });
    await p.reportMeterEvent({ eventName: "text_outbound", customerId, value: 9, identifier: "usage-2-text_outbound", timestamp: t });
    // Outside the provider's window (35 days back): refused as Stripe refuses it.
    await expect(p.reportMeterEvent({ eventName: "text_outbound", customerId, value: 100, identifier: "usage-old", timestamp: new Date(t.getTime() - 60 * DAY) })).rejects.toMatchObject({
      code: "timestamp_out_of_range",
      retryable: false,
    });
    await expect(p.reportMeterEvent({ eventName: "text_inbound", customerId, value: 1.5, identifier: "usage-fraction", timestamp: t })).rejects.toMatchObject({ code: "parameter_invalid_integer" });
    const events = (await sbxList<MeterEventData>("meter_event", customerId)).map((e) => e.data);
    expect(events.map((e) => e.identifier).sort()).toEqual(["usage-1-phone_inbound", "usage-2-phone_inbound", "usage-2-text_outbound"]);
    const totals = { phone_inbound: 0, phone_outbound: 0, text_inbound: 0, text_outbound: 0 };
    for (const e of events) {
      const at = new Date(e.timestamp).getTime();
      if (at >= t.getTime() - DAY && at < t.getTime() + DAY) totals[e.eventName] += e.value;
    }
    expect(totals).toEqual({ phone_inbound: 7, phone_outbound: 0, text_inbound: 0, text_outbound: 9 });
  });

  it("bills a one-off invoice now (paid with the card, hosted URL) and adds pending items to the next period's invoice", async () => {
    const { customerId, setupIntent } = await customerWithCard(p);
    const sub = await p.createTrialSubscription({ customerId, planId: "medium", billing: "monthly", paymentMethodId: setupIntent.paymentMethodId, trialDays: 14, metadata: {} }, `k-${customerId}`);
    const period = { start: sub.currentPeriodStart!, end: sub.currentPeriodEnd! };
    const now = await p.createInvoiceNow(
      {
        customerId,
        subscriptionId: sub.id,
        lines: [
          { priceId: "price_sbx_usage_phone_inbound_medium_monthly", productName: "Phone Inbound Usage", description: "10 extra phone units", quantity: 10, unitAmount: 170 },
          { priceId: null, productName: "Setup", description: "Advanced setup (1 h)", quantity: 1, unitAmount: 6500 },
        ],
        period,
        metadata: { overage_entry_id: "oe-1" },
      },
      "overage-oe-1",
    );
    expect(now).toMatchObject({ status: "paid", amountDue: 8200, amountPaid: 8200, subscriptionId: sub.id, metadata: { overage_entry_id: "oe-1" } });
    expect(now.hostedInvoiceUrl).toMatch(new RegExp(`/sandbox/invoices/${now.id}$`));
    const again = await p.createInvoiceNow(
      { customerId, subscriptionId: sub.id, lines: [{ priceId: null, productName: "x", description: "x", quantity: 1, unitAmount: 1 }], period, metadata: {} },
      "overage-oe-1",
    );
    expect(again.id).toBe(now.id);

    await p.addPendingInvoiceItems(
      { customerId, subscriptionId: sub.id, lines: [{ priceId: null, productName: "Text", description: "20 text sessions", quantity: 20, unitAmount: 85 }], period },
      "overage-oe-2",
    );
    expect((await p.upcomingInvoice(customerId, sub.id))?.amountDue).toBe(42000 + 1700);

    await advanceSandboxClock(15);
    const invoices = await p.listInvoices(customerId);
    const renewal = invoices.find((i) => i.id !== now.id)!;
    expect(renewal).toMatchObject({ status: "paid", amountDue: 43700 });
    const detail = await p.retrieveInvoice(renewal.id);
    expect(detail!.lines.map((l) => l.description)).toEqual(["1 × Medium Plan (monthly)", "20 text sessions"]);
    // Items are billed once.
    expect((await p.upcomingInvoice(customerId, sub.id))?.amountDue).toBe(42000);
  });

  it("rolls a trial into monthly periods with the sandbox clock, invoicing each renewal once", async () => {
    const { customerId, setupIntent } = await customerWithCard(p);
    const sub = await p.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: setupIntent.paymentMethodId, trialDays: 14, metadata: {} }, `k-cyc-${customerId}`);
    expect(sub).toMatchObject({ status: "trialing", currentPeriodStart: sub.trialStart, currentPeriodEnd: sub.trialEnd });
    await advanceSandboxClock(45);
    const now = await sandboxNow();
    const renewed = (await p.retrieveSubscription(sub.id))!;
    expect(renewed.status).toBe("active");
    expect(renewed.trialEnd).toEqual(sub.trialEnd);
    expect(renewed.currentPeriodStart!.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(now.getTime());
    // Two renewals were invoiced and paid: trial end -> +1 month -> the current period.
    const paid = (await p.listInvoices(customerId)).filter((i) => i.subscriptionId === sub.id && i.status === "paid").sort((a, b) => a.periodStart!.getTime() - b.periodStart!.getTime());
    expect(paid).toHaveLength(2);
    expect(paid[0]!.periodStart).toEqual(sub.trialEnd);
    expect(paid[0]!.periodEnd).toEqual(paid[1]!.periodStart);
    expect(paid[1]!.periodStart).toEqual(renewed.currentPeriodStart);
    expect(paid[1]!.periodEnd).toEqual(renewed.currentPeriodEnd);
    expect(paid.map((i) => i.amountPaid)).toEqual([14900, 14900]);
    // Reading again rolls nothing further and bills nothing twice.
    expect(await p.retrieveSubscription(sub.id)).toEqual(renewed);
    expect((await p.listInvoices(customerId)).filter((i) => i.subscriptionId === sub.id)).toHaveLength(2);
  });

  it("lists plan prices and the four metered prices per plan and period", async () => {
    const prices = await p.listPrices();
    expect(prices.find((x) => x.lookupKey === "plan_corp_annual")).toMatchObject({ unitAmount: 98900 * 12, recurringInterval: "year", usageType: "licensed" });
    const metered = prices.filter((x) => x.lookupKey?.endsWith("_large_monthly") && x.usageType === "metered");
    expect(metered.map((x) => [x.meterEventName, x.unitAmount])).toEqual([
      ["phone_inbound", 140],
      ["phone_outbound", 140],
      ["text_inbound", 70],
      ["text_outbound", 70],
    ]);
  });
});

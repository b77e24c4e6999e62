import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SandboxProvider } from "./sandbox-provider.server";
import { DECLINED_MESSAGE, SANDBOX_CHARGE_FAILS_CARD, SANDBOX_SUCCESS_CARD } from "./card-checks";
import type { InvoiceData } from "./sandbox-objects";
import { advanceSandboxClock, sbxList } from "./store.server";

/**
 * The sandbox follows Stripe's subscription lifecycle (issue 10): a trial
 * that ends without a card cancels; a card whose charges fail (4000 0000 0000
 * 0341) makes the trial-end or renewal invoice open and the subscription
 * past_due; a good card saved afterwards pays the open invoices and makes it
 * active; a scheduled cancellation ends it at the period end. The sandbox
 * clock only moves forward here, by relative amounts.
 */

const p = new SandboxProvider();
const CARD = { expMonth: 12, expYear: 2045, cvc: "123", name: "Test" };

async function newCustomer(): Promise<string> {
  const userId = randomUUID();
  return (await p.createCustomer({ email: `${userId}@example.com`, name: "Test", accountId: userId }, `customer-${userId}`)).id;
}

/** Saves a card for the customer through a card-first setup intent (checkout, or the portal's "Update card"). */
async function saveCard(customerId: string, number: string) {
  const si = await p.createSetupIntent(customerId, `si-${randomUUID()}`);
  return p.confirmSetupIntent(si.clientSecret, { number, ...CARD });
}

async function trialWithCard(number: string, trialDays = 14) {
  const customerId = await newCustomer();
  const si = await saveCard(customerId, number);
  expect(si.status).toBe("succeeded");
  const sub = await p.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: si.paymentMethodId, trialDays, metadata: {} }, `sub-${customerId}`);
  return { customerId, sub };
}

async function invoiceLastErrors(customerId: string): Promise<Array<string | null>> {
  return (await sbxList<InvoiceData>("invoice", customerId)).map((i) => i.data.lastError);
}

describe("sandbox subscription lifecycle (Stripe's rules)", () => {
  it("cancels a trial that ends with no card on the subscription or the customer, without an invoice", async () => {
    const customerId = await newCustomer();
    const { subscription, clientSecret } = await p.createSubscriptionWithPendingSetup({ customerId, planId: "small", billing: "monthly", trialDays: 14, metadata: {} }, `pending-${customerId}`);
    expect(subscription.status).toBe("trialing");
    // While it waits for its card, the same card form can be shown again.
    expect(await p.resumePendingSetup(subscription.id)).toEqual({ subscription, clientSecret });

    await advanceSandboxClock(15);
    const ended = (await p.retrieveSubscription(subscription.id))!;
    expect(ended.status).toBe("canceled");
    // It ended at the trial end: no new period, nothing billed.
    expect(ended.currentPeriodEnd).toEqual(subscription.trialEnd);
    expect(await p.listInvoices(customerId)).toEqual([]);
    expect(await p.upcomingInvoice(customerId, subscription.id)).toBeNull();
    expect(await p.resumePendingSetup(subscription.id)).toBeNull();
    // Reading again changes nothing.
    expect(await p.retrieveSubscription(subscription.id)).toEqual(ended);
  });

  it("bills the customer's default card at trial end when the subscription has none of its own", async () => {
    const customerId = await newCustomer();
    await saveCard(customerId, SANDBOX_SUCCESS_CARD);
    const sub = await p.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, `sub-${customerId}`);
    await advanceSandboxClock(15);
    expect((await p.retrieveSubscription(sub.id))!.status).toBe("active");
    expect((await p.listInvoices(customerId)).map((i) => [i.status, i.amountPaid])).toEqual([["paid", 14900]]);
  });

  it("no longer offers a subscription's pending setup once its card is saved", async () => {
    const customerId = await newCustomer();
    const { subscription, clientSecret } = await p.createSubscriptionWithPendingSetup({ customerId, planId: "small", billing: "monthly", trialDays: 14, metadata: {} }, `pending-${customerId}`);
    await p.confirmSetupIntent(clientSecret, { number: SANDBOX_SUCCESS_CARD, ...CARD });
    expect(await p.resumePendingSetup(subscription.id)).toBeNull();
    await advanceSandboxClock(15);
    expect((await p.retrieveSubscription(subscription.id))!.status).toBe("active");
  });

  it("saves 4000 0000 0000 0341, then declines its trial-end charge: past_due with an open invoice that has a hosted URL", async () => {
    const { customerId, sub } = await trialWithCard(SANDBOX_CHARGE_FAILS_CARD);
    expect(sub.status).toBe("trialing");
    await advanceSandboxClock(15);
    const pastDue = (await p.retrieveSubscription(sub.id))!;
    expect(pastDue.status).toBe("past_due");
    const invoices = await p.listInvoices(customerId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "open", subscriptionId: sub.id, amountDue: 14900, amountPaid: 0, periodStart: sub.trialEnd });
    expect(invoices[0]!.hostedInvoiceUrl).toMatch(new RegExp(`/sandbox/invoices/${invoices[0]!.id}$`));
    expect(await invoiceLastErrors(customerId)).toEqual([DECLINED_MESSAGE]);
  });

  it("declines a renewal charged to 4000 0000 0000 0341: past_due with an open renewal invoice", async () => {
    const { customerId, sub } = await trialWithCard(SANDBOX_CHARGE_FAILS_CARD, 0);
    expect(sub.status).toBe("active");
    await advanceSandboxClock(32);
    expect((await p.retrieveSubscription(sub.id))!.status).toBe("past_due");
    const invoices = await p.listInvoices(customerId);
    expect(invoices.map((i) => [i.status, i.periodStart])).toEqual([["open", sub.currentPeriodEnd]]);
    expect(invoices[0]!.hostedInvoiceUrl).toBeTruthy();
  });

  it("recovers when a good card is saved (the portal's Update card): open invoices paid, active, later renewals on the new card", async () => {
    const { customerId, sub } = await trialWithCard(SANDBOX_CHARGE_FAILS_CARD);
    await advanceSandboxClock(15);
    expect((await p.retrieveSubscription(sub.id))!.status).toBe("past_due");

    // Another card whose charges fail changes nothing.
    expect((await saveCard(customerId, SANDBOX_CHARGE_FAILS_CARD)).status).toBe("succeeded");
    expect((await p.retrieveSubscription(sub.id))!.status).toBe("past_due");
    expect((await p.listInvoices(customerId)).map((i) => i.status)).toEqual(["open"]);

    const good = await saveCard(customerId, SANDBOX_SUCCESS_CARD);
    expect(good.status).toBe("succeeded");
    const recovered = (await p.retrieveSubscription(sub.id))!;
    expect(recovered.status).toBe("active");
    expect(recovered.currentPeriodStart).toEqual(sub.trialEnd);
    const [invoice] = await p.listInvoices(customerId);
    expect(invoice).toMatchObject({ status: "paid", amountDue: 14900, amountPaid: 14900 });
    expect(await invoiceLastErrors(customerId)).toEqual([null]);

    // The next renewal is paid with the new card (it became the subscription's default).
    await advanceSandboxClock(31);
    expect((await p.retrieveSubscription(sub.id))!.status).toBe("active");
    expect((await p.listInvoices(customerId)).map((i) => i.status)).toEqual(["paid", "paid"]);
  });

  it("leaves other customers' past_due subscriptions alone when a card is saved", async () => {
    const a = await trialWithCard(SANDBOX_CHARGE_FAILS_CARD);
    const b = await trialWithCard(SANDBOX_CHARGE_FAILS_CARD);
    await advanceSandboxClock(15);
    await saveCard(a.customerId, SANDBOX_SUCCESS_CARD);
    expect((await p.retrieveSubscription(a.sub.id))!.status).toBe("active");
    expect((await p.retrieveSubscription(b.sub.id))!.status).toBe("past_due");
  });

  it("ends a scheduled cancellation at the period end, unbilled", async () => {
    const { customerId, sub } = await trialWithCard(SANDBOX_SUCCESS_CARD);
    const cancelling = await p.cancelAtPeriodEnd(sub.id, `cancel-${sub.id}`);
    expect(cancelling).toMatchObject({ status: "trialing", cancelAtPeriodEnd: true, cancelAt: sub.trialEnd });
    await advanceSandboxClock(15);
    expect((await p.retrieveSubscription(sub.id))!.status).toBe("canceled");
    expect(await p.listInvoices(customerId)).toEqual([]);
  });
});

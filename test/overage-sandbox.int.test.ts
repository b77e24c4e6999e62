import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SandboxProvider } from "@/features/billing/sandbox/sandbox-provider.server";
import type { InvoiceItemData } from "@/features/billing/sandbox/sandbox-objects";
import { sbxList } from "@/features/billing/sandbox/store.server";

/**
 * The embedded sandbox bills overage as the Stripe adapter does: a line
 * refused half-way leaves nothing of the entry to bill.
 */
describe("overage in the sandbox: nothing of a failed entry is billed", () => {
  const p = new SandboxProvider();

  async function subscriptionWithCard() {
    const userId = randomUUID();
    const { id: customerId } = await p.createCustomer({ email: `${userId}@example.com`, name: "Test", accountId: userId }, `customer-${userId}`);
    const si = await p.createSetupIntent(customerId, `si-${userId}`);
    const card = await p.confirmSetupIntent(si.clientSecret, { number: "4242424242424242", expMonth: 12, expYear: 2045, cvc: "123", name: "Test" });
    const sub = await p.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: card.paymentMethodId, trialDays: 14, metadata: {} }, `k-${customerId}`);
    return { customerId, sub, period: { start: sub.currentPeriodStart!, end: sub.currentPeriodEnd! } };
  }

  const good = { priceId: null, productName: "Text", description: "20 text sessions", quantity: 20, unitAmount: 85 };
  const bad = { priceId: null, productName: "Phone", description: "half a call", quantity: 1.5, unitAmount: 198 };

  it("next invoice: a refused line leaves none of the entry's items for the renewal invoice", async () => {
    const { customerId, sub, period } = await subscriptionWithCard();
    await expect(p.addPendingInvoiceItems({ customerId, subscriptionId: sub.id, lines: [good, bad], period }, "overage-sbx-half")).rejects.toMatchObject({
      retryable: false,
    });
    const items = await sbxList<InvoiceItemData>("invoice_item", customerId);
    expect(items).toEqual([]);
    expect((await p.upcomingInvoice(customerId, sub.id))?.amountDue).toBe(14900);
  });

  it("bill now: a refused line leaves no invoice", async () => {
    const { customerId, sub, period } = await subscriptionWithCard();
    await expect(p.createInvoiceNow({ customerId, subscriptionId: sub.id, lines: [good, bad], period, metadata: { overage_entry_id: "oe-sbx" } }, "overage-sbx-now")).rejects.toMatchObject({
      retryable: false,
    });
    expect((await p.listInvoices(customerId)).filter((i) => i.metadata.overage_entry_id === "oe-sbx")).toEqual([]);
  });
});

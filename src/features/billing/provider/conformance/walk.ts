import "server-only";
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { syncStripeCatalogue } from "../billing-sync.server";
import { cataloguePrices } from "../prices";
import type { ProviderSubscription } from "../port";
import type { StripeProvider } from "../stripe-provider.server";

/**
 * The Stripe conformance walk behind `npm run stripe:check`: the lifecycle
 * the product depends on, run in a Stripe test account (or the stateful
 * fake) with a test clock. Product calls go through our StripeProvider
 * adapter; what a customer's browser or Stripe's Dashboard would do
 * (confirming a card, switching the default card, paying an invoice,
 * moving time) goes through the SDK. Each step is one row: passed, failed
 * (with what was seen) or skipped after an earlier failure it needs.
 * One test clock carries three customers (Stripe's limit per clock): the
 * card-first customer whose life is walked, a subscribe-first one and an
 * abandoned subscribe page.
 */
export type StepResult = { step: string; status: "pass" | "fail" | "skip"; detail: string };

export type WalkOptions = {
  stripe: Stripe;
  provider: StripeProvider;
  /** How long to wait between test clock polls (Stripe advances in the background). */
  pollMs?: number;
  /** How long a clock may take to become ready. */
  clockTimeoutMs?: number;
  /** Called as each step finishes. */
  onStep?: (result: StepResult) => void;
  /** Delete the test clock (and with it the customer and its objects) at the end. */
  cleanUp?: boolean;
};

const DAY = 86_400;
const PLAN = { planId: "small", billing: "monthly" } as const;

class StepFailure extends Error {}

function expectThat(condition: boolean, detail: string): void {
  if (!condition) throw new StepFailure(detail);
}

const describeSub = (s: ProviderSubscription | null) => (s ? `status ${s.status}, cancelAtPeriodEnd ${s.cancelAtPeriodEnd}` : "no subscription");

export async function runStripeWalk(opts: WalkOptions): Promise<StepResult[]> {
  const { stripe, provider } = opts;
  const pollMs = opts.pollMs ?? 2000;
  const clockTimeoutMs = opts.clockTimeoutMs ?? 180_000;
  const run = randomUUID().slice(0, 8);
  const results: StepResult[] = [];
  let broken = false;

  async function step(name: string, fn: () => Promise<string>, needsEarlier = true): Promise<void> {
    let result: StepResult;
    if (broken && needsEarlier) {
      result = { step: name, status: "skip", detail: "an earlier step failed" };
    } else {
      try {
        result = { step: name, status: "pass", detail: await fn() };
      } catch (err) {
        broken = true;
        const detail = err instanceof StepFailure ? err.message : err instanceof Error ? `${err.constructor.name}: ${err.message}` : String(err);
        result = { step: name, status: "fail", detail };
      }
    }
    results.push(result);
    opts.onStep?.(result);
  }

  const catalogue = cataloguePrices();
  const planPrice = catalogue.find((p) => p.planId === PLAN.planId && p.billing === PLAN.billing && p.usageType === "licensed")!;
  const usagePrice = catalogue.find((p) => p.planId === PLAN.planId && p.billing === PLAN.billing && p.meterEventName === "phone_inbound")!;
  let clock: Stripe.TestHelpers.TestClock | null = null;
  let customer = "";
  let card = "";
  let sub: ProviderSubscription | null = null;
  let usagePriceId = "";
  let failedInvoice = "";

  async function advance(to: number): Promise<void> {
    await stripe.testHelpers.testClocks.advance(clock!.id, { frozen_time: to });
    const deadline = Date.now() + clockTimeoutMs;
    for (;;) {
      const c = await stripe.testHelpers.testClocks.retrieve(clock!.id);
      if (c.status === "ready") {
        clock = c;
        return;
      }
      if (c.status === "internal_failure") throw new StepFailure(`test clock ${c.id} failed to advance`);
      if (Date.now() > deadline) throw new StepFailure(`test clock ${c.id} still ${c.status} after ${clockTimeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  const reread = async () => (sub = await provider.retrieveSubscription(sub!.id));
  const invoicesOf = async () => (await provider.listInvoices(customer)).filter((i) => i.subscriptionId === sub!.id || i.metadata.stripe_check === run);

  await step("catalogue: billing:sync provisions products, prices, meters, portal", async () => {
    const changes = await syncStripeCatalogue(stripe);
    const prices = await provider.listPrices();
    usagePriceId = prices.find((p) => p.lookupKey === usagePrice.lookupKey)?.id ?? "";
    expectThat(
      prices.some((p) => p.lookupKey === planPrice.lookupKey),
      `no active price ${planPrice.lookupKey}`,
    );
    expectThat(Boolean(usagePriceId), `no active price ${usagePrice.lookupKey}`);
    return `${changes.length} change(s); ${prices.length} active prices`;
  });

  await step("test clock and a customer on it", async () => {
    clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000), name: `stripe:check ${run}` });
    const c = await stripe.customers.create({ email: `stripe-check+${run}@example.com`, name: "stripe:check", test_clock: clock.id, metadata: { stripe_check: run } });
    customer = c.id;
    return `${clock.id}, ${customer}`;
  });

  await step("card first: a declined card (pm_card_chargeDeclined) is refused at setup", async () => {
    const si = await provider.createSetupIntent(customer, `stripe-check-${run}-declined`);
    try {
      await stripe.setupIntents.confirm(si.id, { payment_method: "pm_card_chargeDeclined", return_url: "https://example.com/return" });
    } catch (err) {
      expectThat(err instanceof Stripe.errors.StripeCardError, `expected a card error, got ${String(err)}`);
      const after = await provider.retrieveSetupIntent(si.id);
      expectThat(after.status !== "succeeded", `setup intent ${after.status}`);
      return `card_error, setup intent ${after.status}`;
    }
    throw new StepFailure("the declined card was accepted");
  });

  await step("card first: setup intent confirmed with pm_card_visa", async () => {
    const si = await provider.createSetupIntent(customer, `stripe-check-${run}-visa`);
    await stripe.setupIntents.confirm(si.id, { payment_method: "pm_card_visa", return_url: "https://example.com/return" });
    const after = await provider.retrieveSetupIntent(si.id);
    expectThat(after.status === "succeeded" && after.customerId === customer && Boolean(after.paymentMethodId), `setup intent ${after.status}, customer ${after.customerId}`);
    card = after.paymentMethodId!;
    return `${si.id} succeeded, card ${card}`;
  });

  await step("complete subscription: 14-day trial with the card", async () => {
    sub = await provider.createTrialSubscription(
      { customerId: customer, planId: PLAN.planId, billing: PLAN.billing, paymentMethodId: card, trialDays: 14, metadata: { stripe_check: run } },
      `stripe-check-${run}-complete`,
    );
    const trialDays = sub.trialEnd && sub.trialStart ? Math.round((sub.trialEnd.getTime() - sub.trialStart.getTime()) / (DAY * 1000)) : 0;
    expectThat(sub.status === "trialing" && trialDays === 14 && sub.planId === PLAN.planId, `${describeSub(sub)}, trial ${trialDays} days, plan ${sub.planId}`);
    expectThat(sub.defaultPaymentMethodId === card, `the subscription's own card is ${sub.defaultPaymentMethodId}, not ${card}`);
    return `${sub.id} trialing until ${sub.trialEnd!.toISOString().slice(0, 10)}`;
  });

  let subscribeFirst: ProviderSubscription | null = null;
  let abandoned: ProviderSubscription | null = null;
  const clockCustomer = async (label: string) =>
    (await stripe.customers.create({ email: `stripe-check+${run}-${label}@example.com`, name: `stripe:check ${label}`, test_clock: clock!.id, metadata: { stripe_check: run } })).id;
  const pendingSetup = (customerId: string, label: string) =>
    provider.createSubscriptionWithPendingSetup({ customerId, planId: PLAN.planId, billing: PLAN.billing, trialDays: 14, metadata: { stripe_check: run } }, `stripe-check-${run}-${label}`);

  await step("subscribe first: trial with a pending setup intent; its card becomes the default", async () => {
    const other = await clockCustomer("subscribe");
    const made = await pendingSetup(other, "subscribe");
    expectThat(made.subscription.status === "trialing" && made.clientSecret.startsWith("seti_"), `${describeSub(made.subscription)}, client secret ${made.clientSecret.slice(0, 5)}...`);
    const resumed = await provider.resumePendingSetup(made.subscription.id);
    expectThat(resumed?.clientSecret === made.clientSecret, "resumePendingSetup gave another client secret");
    const setupIntentId = made.clientSecret.split("_secret_")[0]!;
    await stripe.setupIntents.confirm(setupIntentId, { payment_method: "pm_card_visa", return_url: "https://example.com/return" });
    await provider.makeSetupCardDefault(setupIntentId, `stripe-check-${run}-subscribe-default`);
    const si = await provider.retrieveSetupIntent(setupIntentId);
    const remote = await stripe.subscriptions.retrieve(made.subscription.id);
    const cust = await stripe.customers.retrieve(other);
    const customerDefault = "deleted" in cust ? null : cust.invoice_settings.default_payment_method;
    expectThat(
      remote.default_payment_method === si.paymentMethodId && customerDefault === si.paymentMethodId,
      `subscription default ${String(remote.default_payment_method)}, customer default ${String(customerDefault)}, card ${si.paymentMethodId}`,
    );
    expectThat((await provider.resumePendingSetup(made.subscription.id)) === null, "the setup is still pending after it succeeded");
    subscribeFirst = made.subscription;
    return `${made.subscription.id} has card ${si.paymentMethodId}`;
  });

  await step("abandoned subscribe page: a trial with no card (cancels at trial end)", async () => {
    const other = await clockCustomer("abandoned");
    abandoned = (await pendingSetup(other, "abandoned")).subscription;
    expectThat(abandoned.status === "trialing", describeSub(abandoned));
    return `${abandoned.id} trialing without a card`;
  });

  await step("card-less clean-up: a trial with no card of its own ends at once, unbilled (issue 23)", async () => {
    const other = await clockCustomer("cleanup");
    const made = (await pendingSetup(other, "cleanup")).subscription;
    expectThat(made.defaultPaymentMethodId === null, `a card-less start has card ${made.defaultPaymentMethodId}`);
    const ended = await provider.cancelNow(made.id, `stripe-check-${run}-cleanup`);
    const again = await provider.cancelNow(made.id, `stripe-check-${run}-cleanup`);
    expectThat(ended.status === "canceled" && again.status === "canceled", `${describeSub(ended)}; repeated: ${describeSub(again)}`);
    const invoices = (await provider.listInvoices(other)).filter((i) => i.amountDue > 0);
    expectThat(invoices.length === 0, `${invoices.length} invoices with an amount due`);
    return `${made.id} canceled, nothing billed`;
  });

  await step("invoice preview: the first charge at trial end", async () => {
    const up = await provider.upcomingInvoice(customer, sub!.id);
    expectThat(up !== null && up.amountDue === planPrice.unitAmount, `preview ${JSON.stringify(up)}`);
    return `${up!.amountDue} cents on ${up!.periodEnd?.toISOString().slice(0, 10)}`;
  });

  await step("customer portal session (configuration from billing:sync)", async () => {
    const { url } = await provider.createPortalSession(customer, "https://example.com/billing");
    expectThat(/^https:\/\//.test(url), `url ${url}`);
    return "session created";
  });

  await step("trial end: active, first invoice paid", async () => {
    await advance(Math.floor(sub!.trialEnd!.getTime() / 1000) + DAY);
    await reread();
    const paid = (await invoicesOf()).filter((i) => i.status === "paid" && i.amountDue === planPrice.unitAmount);
    expectThat(sub?.status === "active" && paid.length === 1, `${describeSub(sub)}, ${paid.length} paid plan invoice(s)`);
    return `active until ${sub!.currentPeriodEnd?.toISOString().slice(0, 10)}`;
  });

  await step("trial end: the subscribe-first trial is active; the card-less one canceled, nothing billed", async () => {
    const paid = await provider.retrieveSubscription(subscribeFirst!.id);
    const ended = await provider.retrieveSubscription(abandoned!.id);
    const billed = (await provider.listInvoices(ended!.customerId)).filter((i) => i.amountDue > 0);
    expectThat(
      paid?.status === "active" && ended?.status === "canceled" && billed.length === 0,
      `subscribe first: ${describeSub(paid)}; abandoned: ${describeSub(ended)}, ${billed.length} invoice(s) with an amount`,
    );
    return "active; canceled";
  });

  const overage = (quantity: number) => ({
    customerId: customer,
    subscriptionId: sub!.id,
    lines: [{ priceId: usagePriceId, productName: usagePrice.productName, description: `stripe:check overage x${quantity}`, quantity, unitAmount: usagePrice.unitAmount }],
    period: { start: sub!.currentPeriodStart!, end: sub!.currentPeriodEnd! },
  });

  await step("overage bill now: invoice finalized and paid", async () => {
    const inv = await provider.createInvoiceNow({ ...overage(3), metadata: { stripe_check: run } }, `stripe-check-${run}-billnow`);
    // Stripe collects a finalized invoice about an hour later; the adapter also pays it at once.
    expectThat(inv.status === "paid" && inv.amountDue === 3 * usagePrice.unitAmount, `invoice ${inv.status}, ${inv.amountDue} cents`);
    return `${inv.id} paid, ${inv.amountDue} cents`;
  });

  await step("overage next invoice: pending item added", async () => {
    await provider.addPendingInvoiceItems(overage(2), `stripe-check-${run}-next`);
    const up = await provider.upcomingInvoice(customer, sub!.id);
    expectThat(up !== null && up.amountDue >= planPrice.unitAmount + 2 * usagePrice.unitAmount, `preview ${JSON.stringify(up)}`);
    return `next invoice ${up!.amountDue} cents`;
  });

  await step("renewal: plan plus pending overage invoiced and paid", async () => {
    const end = Math.floor(sub!.currentPeriodEnd!.getTime() / 1000);
    await advance(end + DAY);
    await reread();
    const want = planPrice.unitAmount + 2 * usagePrice.unitAmount;
    const renewal = (await invoicesOf()).find((i) => i.periodEnd && Math.abs(i.periodEnd.getTime() / 1000 - end) < DAY && i.amountDue === want);
    expectThat(sub?.status === "active" && renewal?.status === "paid", `${describeSub(sub)}, renewal ${renewal ? renewal.status : `of ${want} cents not found`}`);
    return `${renewal!.id} paid, ${want} cents`;
  });

  await step("decline: default card switched to pm_card_chargeCustomerFail; renewal fails -> past_due", async () => {
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: failing.id } });
    await stripe.subscriptions.update(sub!.id, { default_payment_method: failing.id });
    await advance(Math.floor(sub!.currentPeriodEnd!.getTime() / 1000) + DAY);
    await reread();
    const open = (await invoicesOf()).find((i) => i.status === "open" && i.subscriptionId === sub!.id);
    expectThat(sub?.status === "past_due" && Boolean(open), `${describeSub(sub)}, open invoice ${open?.id ?? "none"}`);
    failedInvoice = open!.id;
    return `past_due, ${open!.id} open`;
  });

  await step("recovery: the open invoice paid with a good card -> active", async () => {
    const good = await stripe.paymentMethods.attach("pm_card_visa", { customer });
    await stripe.invoices.pay(failedInvoice, { payment_method: good.id });
    await stripe.subscriptions.update(sub!.id, { default_payment_method: good.id });
    await reread();
    const inv = (await invoicesOf()).find((i) => i.id === failedInvoice);
    expectThat(sub?.status === "active" && inv?.status === "paid", `${describeSub(sub)}, invoice ${inv?.status}`);
    return "invoice paid, active";
  });

  const medium = catalogue.find((p) => p.planId === "medium" && p.billing === PLAN.billing && p.usageType === "licensed")!;

  await step("upgrade with proration: Small -> Medium now, the previewed proration invoiced and paid (issue 23)", async () => {
    const preview = await provider.previewPlanChange(sub!.id, { planId: "medium", billing: PLAN.billing, prorationDate: null });
    expectThat(preview.amountDue > 0 && preview.amountDue < medium.unitAmount, `preview ${preview.amountDue} cents`);
    sub = await provider.changePlan(sub!.id, { planId: "medium", billing: PLAN.billing, when: "now", prorationDate: preview.prorationDate }, `stripe-check-${run}-upgrade`);
    const proration = (await invoicesOf()).find((i) => i.amountDue === preview.amountDue && i.status === "paid");
    expectThat(sub.planId === "medium" && Boolean(proration), `plan ${sub.planId}, proration invoice of ${preview.amountDue} cents ${proration ? proration.status : "not found"}`);
    return `Medium now; ${preview.amountDue} cents charged`;
  });

  await step("downgrade at the period's end: Medium -> Small scheduled, cancellable, scheduled again", async () => {
    const end = sub!.currentPeriodEnd!.getTime();
    sub = await provider.changePlan(sub!.id, { planId: PLAN.planId, billing: PLAN.billing, when: "period_end", prorationDate: null }, `stripe-check-${run}-downgrade`);
    expectThat(
      sub.planId === "medium" && sub.pendingChange?.planId === PLAN.planId && sub.pendingChange.effectiveAt.getTime() === end,
      `plan ${sub.planId}, pending ${JSON.stringify(sub.pendingChange)}`,
    );
    sub = await provider.cancelPendingPlanChange(sub.id, `stripe-check-${run}-keep`);
    expectThat(!sub.pendingChange, `still pending ${JSON.stringify(sub.pendingChange)}`);
    sub = await provider.changePlan(sub.id, { planId: PLAN.planId, billing: PLAN.billing, when: "period_end", prorationDate: null }, `stripe-check-${run}-downgrade-again`);
    expectThat(sub.pendingChange?.planId === PLAN.planId, `pending ${JSON.stringify(sub.pendingChange)}`);
    return `changes to Small on ${new Date(end).toISOString().slice(0, 10)}`;
  });

  await step("period end: the downgrade takes effect, Small billed", async () => {
    const end = Math.floor(sub!.currentPeriodEnd!.getTime() / 1000);
    await advance(end + DAY);
    await reread();
    const renewal = (await invoicesOf()).find((i) => i.periodEnd && Math.abs(i.periodEnd.getTime() / 1000 - end) < DAY && i.amountDue === planPrice.unitAmount);
    expectThat(sub?.planId === PLAN.planId && !sub.pendingChange && renewal?.status === "paid", `plan ${sub?.planId}, renewal ${renewal ? renewal.status : "of the Small price not found"}`);
    return `Small from ${new Date(end * 1000).toISOString().slice(0, 10)}`;
  });

  await step("resume after cancel: cancel at period end, then resume before it", async () => {
    const cancelled = await provider.cancelAtPeriodEnd(sub!.id, `stripe-check-${run}-cancel-first`);
    expectThat(cancelled.cancelAtPeriodEnd, describeSub(cancelled));
    sub = await provider.resumeSubscription(sub!.id, `stripe-check-${run}-resume`);
    expectThat(sub.status === "active" && !sub.cancelAtPeriodEnd && sub.cancelAt === null, describeSub(sub));
    const up = await provider.upcomingInvoice(customer, sub.id);
    expectThat(up !== null, "no upcoming invoice after the resume");
    return `renews on ${sub.currentPeriodEnd?.toISOString().slice(0, 10)}`;
  });

  await step("cancel at period end", async () => {
    sub = await provider.cancelAtPeriodEnd(sub!.id, `stripe-check-${run}-cancel`);
    expectThat(sub.status === "active" && sub.cancelAtPeriodEnd, describeSub(sub));
    const up = await provider.upcomingInvoice(customer, sub.id).catch(() => null);
    return `cancels ${sub.currentPeriodEnd?.toISOString().slice(0, 10)}${up ? `; preview still ${up.amountDue}` : ""}`;
  });

  await step("period end: subscription canceled", async () => {
    await advance(Math.floor(sub!.currentPeriodEnd!.getTime() / 1000) + DAY);
    await reread();
    expectThat(sub?.status === "canceled", describeSub(sub));
    return "canceled";
  });

  if (opts.cleanUp !== false) {
    await step(
      "clean up: test clock deleted (with its customers)",
      async () => {
        if (!clock) return "nothing to delete";
        await stripe.testHelpers.testClocks.del(clock.id);
        return `${clock.id} deleted`;
      },
      false,
    );
  }
  return results;
}

/** The results as a plain-text table (one row per step). */
export function formatTable(results: StepResult[]): string {
  const width = Math.max(...results.map((r) => r.step.length), 4);
  const rows = results.map((r) => `${r.status.toUpperCase().padEnd(4)}  ${r.step.padEnd(width)}  ${r.detail}`);
  const passed = results.filter((r) => r.status === "pass").length;
  return [`${"".padEnd(4)}  ${"step".padEnd(width)}  detail`, ...rows, "", `${passed}/${results.length} steps passed`].join("\n");
}

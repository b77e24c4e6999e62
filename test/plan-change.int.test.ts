import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { emailMessages, subscriptions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { getProvider, setProviderForTests } from "@/features/billing/provider";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { advanceClockAndSync } from "@/features/billing/sandbox/sandbox-actions.server";
import { StripeProvider } from "@/features/billing/provider/stripe-provider.server";
import { StripeFake } from "@/features/billing/provider/testing/stripe-fake";
import type { CustomerSubscription, InvoiceView, PlanChangePreview } from "@/features/billing/api-types";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { GET as previewRoute } from "@app/api/subscriptions/[id]/change-preview/route";
import { DELETE as keepPlanRoute, POST as changeRoute } from "@app/api/subscriptions/[id]/change-plan/route";
import { GET as billingHistory } from "@app/api/billing-history/route";
import { call, completeSubscriptionAs, createUser, json, type TestUser } from "./http-helpers";
import { confirmedSetupIntent } from "./checkout-helpers";
import { deliverFakeEvents, stripeOnFake } from "./stripe-fake-webhooks";

const DAY = 86_400_000;

const preview = (u: TestUser, id: string, planId: string, billing: string) =>
  call(previewRoute, { path: `/api/subscriptions/${id}/change-preview?planId=${planId}&billing=${billing}`, cookie: u.cookie, params: { id } });
const change = (u: TestUser, id: string, body: Record<string, unknown>) => call(changeRoute, { method: "POST", path: `/api/subscriptions/${id}/change-plan`, cookie: u.cookie, params: { id }, body });
const keepPlan = (u: TestUser, id: string) => call(keepPlanRoute, { method: "DELETE", path: `/api/subscriptions/${id}/change-plan`, cookie: u.cookie, params: { id } });
const history = async (u: TestUser) => json<InvoiceView[]>(await call(billingHistory, { path: "/api/billing-history", cookie: u.cookie }));

async function row(id: string) {
  const db = await getDb();
  const [r] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return r!;
}

/** Stripe's proration to the second: the new price's rest of the period less the old price's unused time. */
function proration(oldCents: number, newCents: number, start: Date, end: Date, at: Date): number {
  const f = (end.getTime() - at.getTime()) / (end.getTime() - start.getTime());
  return Math.round(newCents * f) - Math.round(oldCents * f);
}

async function emailsTo(subject: RegExp): Promise<number> {
  const db = await getDb();
  const all = await db.select({ subject: emailMessages.subject }).from(emailMessages);
  return all.filter((m) => subject.test(m.subject)).length;
}

/** The same walk on both adapters: an upgrade with proration now, a downgrade at the period's end (cancellable until then). */
function planChangeWalk(name: string, setup: () => Promise<{ owner: TestUser; subId: string; advanceDays: (days: number) => Promise<void>; now: () => Promise<Date> }>) {
  describe(name, () => {
    let owner: TestUser;
    let subId: string;
    let advanceDays: (days: number) => Promise<void>;
    let now: () => Promise<Date>;

    beforeAll(async () => {
      ({ owner, subId, advanceDays, now } = await setup());
      // Past the trial: an active, paid Small plan.
      await advanceDays(15);
      expect(await row(subId)).toMatchObject({ status: "active", planId: "small" });
    });

    it("refuses Enterprise, the current plan and another account's subscription", async () => {
      const enterprise = await preview(owner, subId, "enterprise", "monthly");
      expect(enterprise.status).toBe(400);
      expect(await enterprise.text()).toContain("not self-serve");
      expect((await change(owner, subId, { planId: "small", billing: "monthly" })).status).toBe(400);
      const stranger = await createUser();
      expect((await preview(stranger, subId, "medium", "monthly")).status).toBe(404);
      expect((await change(stranger, subId, { planId: "medium", billing: "monthly" })).status).toBe(404);
      expect((await keepPlan(stranger, subId)).status).toBe(404);
      expect(await row(subId)).toMatchObject({ planId: "small", pendingPlanId: null });
    });

    it("an upgrade: the preview's amount due today is the proration, charged at once; the plan is Medium now", async () => {
      const before = await row(subId);
      const p = await json<PlanChangePreview>(await preview(owner, subId, "medium", "monthly"));
      const expected = proration(14_900, 42_000, before.currentPeriodStart!, before.currentPeriodEnd!, new Date(p.prorationDate!));
      expect(p).toMatchObject({ when: "now", amountDueTodayCents: expected, nextInvoiceCents: 42_000, includedUnits: 400, nextInvoiceAt: before.currentPeriodEnd!.toISOString() });
      expect(expected).toBeGreaterThan(0);
      const invoicesBefore = (await history(owner)).length;

      const done = await json<{ subscription: CustomerSubscription }>(await change(owner, subId, { planId: "medium", billing: "monthly", prorationDate: p.prorationDate }));
      expect(done.subscription).toMatchObject({ plan: { id: "medium" }, pendingChange: null });
      const invoices = await history(owner);
      expect(invoices.length).toBe(invoicesBefore + 1);
      expect(invoices[0]).toMatchObject({ amount: expected, status: "paid" });
      expect(await row(subId)).toMatchObject({ planId: "medium", currentPeriodEnd: before.currentPeriodEnd });
      expect(await emailsTo(/plan is now Medium/)).toBeGreaterThanOrEqual(1);
    });

    it("a downgrade: nothing due today; 'Changes to Small' at the period's end, cancellable until then; then applied at renewal", async () => {
      const before = await row(subId);
      const p = await json<PlanChangePreview>(await preview(owner, subId, "small", "monthly"));
      expect(p).toMatchObject({ when: "period_end", amountDueTodayCents: 0, nextInvoiceCents: 14_900, includedUnits: 120, effectiveAt: before.currentPeriodEnd!.toISOString() });
      const invoicesBefore = (await history(owner)).length;

      const scheduled = await json<{ subscription: CustomerSubscription }>(await change(owner, subId, { planId: "small", billing: "monthly" }));
      expect(scheduled.subscription).toMatchObject({
        plan: { id: "medium" },
        pendingChange: { planId: "small", planName: "Small", billing: "monthly", effectiveAt: before.currentPeriodEnd!.toISOString() },
      });
      expect((await history(owner)).length).toBe(invoicesBefore);
      // The next invoice is the Small plan's.
      expect(scheduled.subscription.stripeData.upcomingInvoice?.amount).toBe(14_900);
      expect(await emailsTo(/plan changes to Small on/)).toBeGreaterThanOrEqual(1);

      // Keep current plan: the pending change is dropped at the provider.
      const kept = await json<{ subscription: CustomerSubscription }>(await keepPlan(owner, subId));
      expect(kept.subscription.pendingChange).toBeNull();
      expect(await row(subId)).toMatchObject({ planId: "medium", pendingPlanId: null, pendingChangeAt: null });

      // The pending change is written to this subscription and no other.
      const db = await getDb();
      const pendingBefore = await db.$count(subscriptions, eq(subscriptions.pendingPlanId, "small"));
      await json(await change(owner, subId, { planId: "small", billing: "monthly" }));
      expect((await row(subId)).pendingPlanId).toBe("small");
      expect(await db.$count(subscriptions, eq(subscriptions.pendingPlanId, "small"))).toBe(pendingBefore + 1);
      // The period ends: the renewal bills Small.
      await advanceDays(Math.ceil((before.currentPeriodEnd!.getTime() - (await now()).getTime()) / DAY) + 2);
      const after = await row(subId);
      expect(after).toMatchObject({ planId: "small", status: "active", pendingPlanId: null });
      expect(after.currentPeriodStart!.getTime()).toBe(before.currentPeriodEnd!.getTime());
      const renewal = (await history(owner)).find((i) => i.amount === 14_900 && new Date(i.date).getTime() >= before.currentPeriodEnd!.getTime());
      expect(renewal, JSON.stringify(await history(owner))).toBeDefined();
    });
  });
}

planChangeWalk("plan changes on the sandbox", async () => {
  const owner = await createUser();
  const setupIntentId = await confirmedSetupIntent(owner);
  const subId = (await json<{ subscription: CustomerSubscription }>(await completeSubscriptionAs(owner, { setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: null }))).subscription.id;
  return { owner, subId, advanceDays: async (days: number) => void (await advanceClockAndSync(days)), now: async () => (await getProvider()).now() };
});

describe("plan changes on the Stripe fake", () => {
  const SECRET = "whsec_plan_change";
  const fake = new StripeFake({ defaultClock: true });
  let provider: StripeProvider;

  const deliverEvents = () => deliverFakeEvents(fake, SECRET);

  /** A new owner subscribed to `planId` monthly on the fake with a card (pm_card_visa): the owner and the subscription's id. */
  async function subscribedOnFake(planId: string) {
    const owner = await createUser();
    const si = await json<{ setupIntentId: string }>(await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: owner.cookie, body: {} }));
    await provider.stripe.setupIntents.confirm(si.setupIntentId, { payment_method: "pm_card_visa" });
    const body = { setupIntentId: si.setupIntentId, planId, billing: "monthly", aiEmployeeId: null };
    return { owner, subId: (await json<{ subscription: CustomerSubscription }>(await completeSubscriptionAs(owner, body))).subscription.id };
  }

  beforeAll(async () => {
    await startJobs({ jobs: [billingSyncJob], workers: false });
    provider = await stripeOnFake(fake, { secretKey: "sk_test_plan_change", webhookSecret: SECRET });
    fake.takeEvents();
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await fake.stop();
  });

  it("a plan change made in the portal is mirrored by the webhook sync; a cancel drops a pending downgrade", async () => {
    const { owner, subId } = await subscribedOnFake("medium");
    // Past the trial (during a trial every change is made at once).
    fake.advanceClock(new Date(fake.clockTime().getTime() + 15 * DAY));
    await deliverEvents();
    expect((await row(subId)).status).toBe("active");
    const stripeId = (await row(subId)).providerSubscriptionId;
    const remote = await provider.stripe.subscriptions.retrieve(stripeId);
    const large = (await provider.stripe.prices.list({ lookup_keys: ["plan_large_monthly"] })).data[0]!;
    // As the portal's plan switch does: the item's price, then customer.subscription.updated.
    await provider.stripe.subscriptions.update(stripeId, { items: [{ id: remote.items.data[0]!.id, price: large.id }], proration_behavior: "none" });
    await deliverEvents();
    expect(await row(subId)).toMatchObject({ planId: "large" });

    await json(await change(owner, subId, { planId: "small", billing: "monthly" }));
    expect((await row(subId)).pendingPlanId).toBe("small");
    const { POST: cancelRoute } = await import("@app/api/cancel-subscription/route");
    const res = await call(cancelRoute, { method: "POST", path: "/api/cancel-subscription", cookie: owner.cookie, body: { subscriptionId: subId } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await row(subId)).toMatchObject({ cancelAtPeriodEnd: true, pendingPlanId: null, planId: "large" });
  });

  planChangeWalk("on the fake", async () => {
    const { owner, subId } = await subscribedOnFake("small");
    await deliverEvents();
    return {
      owner,
      subId,
      advanceDays: async (days: number) => {
        fake.advanceClock(new Date(fake.clockTime().getTime() + days * DAY));
        await deliverEvents();
      },
      now: async () => fake.clockTime(),
    };
  });
});

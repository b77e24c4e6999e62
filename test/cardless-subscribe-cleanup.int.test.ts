import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { notifications, paymentCustomers, subscriptions } from "@/db/schema";
import { jobStatus, startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { getProvider, setProviderForTests } from "@/features/billing/provider";
import type { PaymentProvider, ProviderSubscription } from "@/features/billing/provider/port";
import { StripeProvider } from "@/features/billing/provider/stripe-provider.server";
import { StripeFake } from "@/features/billing/provider/testing/stripe-fake";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { CARDLESS_CLEANUP_KEY, cardlessSubscribeCleanupJob, cleanUpCardlessSubscribeStarts, enqueueCardlessSubscribeCleanup } from "@/features/billing/trial-cardless-cleanup.server";
import type { CustomerSubscription } from "@/features/billing/api-types";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { confirmCard } from "./checkout-helpers";
import { GET as userSubscriptions } from "@app/api/user-subscriptions/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { insertSubscription } from "./interactions-fixtures";
import { stripeOnFake } from "./stripe-fake-webhooks";

/**
 * Issue 23: the old /subscribe made a trialing subscription on page load,
 * before any card. A one-off job cancels those still waiting for a card at
 * the provider and removes them from every view; subscriptions with a card
 * (given on that page, or through checkout) stay as they are.
 */

async function customerOf(u: TestUser): Promise<string> {
  await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: u.cookie, body: {} });
  const db = await getDb();
  const [c] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.accountId, u.id));
  return c!.providerCustomerId;
}

/** What the old /subscribe did on page load, and what the old sync then mirrored and announced. */
async function oldSubscribeStart(provider: PaymentProvider, u: TestUser, customerId: string, planId: "small" | "medium") {
  const made = await provider.createSubscriptionWithPendingSetup(
    { customerId, planId, billing: "monthly", trialDays: 14, metadata: { accountId: u.id, userId: u.id, flow: "subscribe" } },
    `subscribe-${u.id}-${planId}-monthly-0`,
  );
  const s = made.subscription;
  const db = await getDb();
  await insertSubscription(u.id, {
    planId,
    status: "trialing",
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    trialStart: s.trialStart,
    trialEnd: s.trialEnd,
    providerCustomerId: customerId,
    providerSubscriptionId: s.id,
    providerStatus: "trialing",
  });
  await db
    .insert(notifications)
    .values({ id: randomUUID(), type: "trial_started", title: "Free trial started", message: `A 14-day free trial of ${u.email}'s plan started.`, dedupeKey: `trial_started:${s.id}` });
  return made;
}

async function mine(u: TestUser): Promise<CustomerSubscription[]> {
  const res = await call(userSubscriptions, { path: "/api/user-subscriptions", cookie: u.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as CustomerSubscription[];
}

async function notices(ids: string[]) {
  const db = await getDb();
  return db
    .select()
    .from(notifications)
    .where(
      inArray(
        notifications.dedupeKey,
        ids.map((id) => `trial_started:${id}`),
      ),
    );
}

/**
 * The walk both adapters take: two customers, each with a card-less start;
 * the second also gave a card on the old page (it stays).
 */
async function walk(confirmCard: (u: TestUser, made: { subscription: ProviderSubscription; clientSecret: string }) => Promise<void>) {
  const provider = await getProvider();
  const ana = await createUser();
  const bo = await createUser();
  const anaCustomer = await customerOf(ana);
  const boCustomer = await customerOf(bo);
  // Ana opened /subscribe three times on two plans (the admin picker listed her three times).
  const pending = [await oldSubscribeStart(provider, ana, anaCustomer, "medium"), await oldSubscribeStart(provider, ana, anaCustomer, "small")];
  const boPending = await oldSubscribeStart(provider, bo, boCustomer, "small");
  const boCarded = await oldSubscribeStart(provider, bo, boCustomer, "medium");
  await confirmCard(bo, boCarded);
  const cardless = [...pending, boPending].map((m) => m.subscription.id);
  expect((await mine(ana)).map((s) => s.status)).toEqual(["trialing", "trialing"]);
  expect(await notices(cardless)).toHaveLength(3);

  const first = await cleanUpCardlessSubscribeStarts();
  expect(first.cancelled).toBeGreaterThanOrEqual(3);
  for (const id of cardless) expect((await provider.retrieveSubscription(id))?.status).toBe("canceled");
  expect(await mine(ana)).toEqual([]);
  expect((await mine(bo)).map((s) => [s.plan.id, s.status])).toEqual([["medium", "trialing"]]);
  expect((await provider.retrieveSubscription(boCarded.subscription.id))?.status).toBe("trialing");
  expect(await notices(cardless)).toEqual([]);
  expect(await notices([boCarded.subscription.id])).toHaveLength(1);

  // A repeat (a retried run) cancels nothing more and finds nothing to remove for these customers.
  const db = await getDb();
  const again = await cleanUpCardlessSubscribeStarts();
  expect(again).toEqual({ cancelled: 0, removed: 0 });
  expect(await db.select().from(subscriptions).where(inArray(subscriptions.providerSubscriptionId, cardless))).toEqual([]);
}

describe("the card-less /subscribe clean-up (sandbox)", () => {
  beforeAll(async () => {
    await startJobs({ jobs: [cardlessSubscribeCleanupJob, billingSyncJob], workers: false });
    setProviderForTests(undefined);
  });

  it("cancels the card-less starts and removes them from every view; one with a card stays", async () => {
    await walk(async (u, made) => {
      const res = await confirmCard(u, made.clientSecret);
      expect(res.status).toBe(200);
      await (await getProvider()).makeSetupCardDefault(made.clientSecret.split("_secret_")[0]!, `default-${made.subscription.id}`);
    });
  });

  it("is enqueued once however often the server starts, and runs as a job", async () => {
    await enqueueCardlessSubscribeCleanup();
    await enqueueCardlessSubscribeCleanup();
    await drainJobs();
    expect(await jobStatus(cardlessSubscribeCleanupJob, CARDLESS_CLEANUP_KEY)).toBe("completed");
    await enqueueCardlessSubscribeCleanup();
    expect(await jobStatus(cardlessSubscribeCleanupJob, CARDLESS_CLEANUP_KEY)).toBe("completed");
  });
});

describe("the card-less /subscribe clean-up (Stripe adapter, stateful fake)", () => {
  const fake = new StripeFake();
  let provider: StripeProvider;

  beforeAll(async () => {
    await startJobs({ jobs: [cardlessSubscribeCleanupJob, billingSyncJob], workers: false });
    provider = await stripeOnFake(fake, { secretKey: "sk_test_cleanup", webhookSecret: "whsec_cleanup" });
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await fake.stop();
  });

  it("cancels the card-less starts at Stripe (DELETE) and removes them from every view; one with a card stays", async () => {
    const before = fake.api.find("DELETE", /^\/v1\/subscriptions\//).length;
    await walk(async (_u, made) => {
      const seti = made.clientSecret.split("_secret_")[0]!;
      // What Stripe.js does with the card form, then the page's report.
      await provider.stripe.setupIntents.confirm(seti, { payment_method: "pm_card_visa" });
      await provider.makeSetupCardDefault(seti, `default-${made.subscription.id}`);
    });
    expect(fake.api.find("DELETE", /^\/v1\/subscriptions\//).length - before).toBeGreaterThanOrEqual(3);
  });
});

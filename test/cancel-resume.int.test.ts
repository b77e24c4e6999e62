import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { emailMessages, subscriptions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { getProvider, setProviderForTests } from "@/features/billing/provider";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { StripeProvider } from "@/features/billing/provider/stripe-provider.server";
import { StripeFake } from "@/features/billing/provider/testing/stripe-fake";
import type { CustomerSubscription } from "@/features/billing/api-types";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { POST as cancelRoute } from "@app/api/cancel-subscription/route";
import { POST as resumeRoute } from "@app/api/subscriptions/[id]/resume/route";
import { GET as userSubscriptions } from "@app/api/user-subscriptions/route";
import { GET as adminSubscriptions } from "@app/api/admin/subscriptions/route";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { call, completeSubscriptionAs, createUser, json, type TestUser } from "./http-helpers";
import { confirmedSetupIntent } from "./checkout-helpers";
import { deliverFakeEvents, stripeOnFake } from "./stripe-fake-webhooks";
import { memberOf } from "./account-helpers";

const cancel = (u: TestUser, subscriptionId: string, reason?: string) =>
  call(cancelRoute, { method: "POST", path: "/api/cancel-subscription", cookie: u.cookie, body: { subscriptionId, ...(reason !== undefined ? { reason } : {}) } });
const resume = (u: TestUser, id: string) => call(resumeRoute, { method: "POST", path: `/api/subscriptions/${id}/resume`, cookie: u.cookie, params: { id }, body: {} });
const mine = async (u: TestUser, id: string) => (await json<CustomerSubscription[]>(await call(userSubscriptions, { path: "/api/user-subscriptions", cookie: u.cookie }))).find((s) => s.id === id)!;

async function cancelledEmails(to: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ to: emailMessages.to, subject: emailMessages.subject, text: emailMessages.text }).from(emailMessages);
  return rows.filter((m) => m.to === to && /subscription ends on/.test(m.subject)).map((m) => m.text ?? "");
}

async function mirrorRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

describe("cancel then resume (sandbox)", () => {
  let owner: TestUser;
  let subId: string;

  beforeAll(async () => {
    owner = await createUser();
    const setupIntentId = await confirmedSetupIntent(owner);
    subId = (await json<{ subscription: CustomerSubscription }>(await completeSubscriptionAs(owner, { setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: null }))).subscription.id;
  });

  it("cancel keeps the optional reason for the churn figures; resume undoes the cancel at the provider and clears it", async () => {
    const tooLong = await cancel(owner, subId, "x".repeat(1001));
    expect(tooLong.status).toBe(400);
    expect((await mirrorRow(subId)).cancelAtPeriodEnd).toBe(false);

    const cancelled = await json<{ subscription: CustomerSubscription }>(await cancel(owner, subId, "  Too expensive for us  "));
    expect(cancelled.subscription.cancelAtPeriodEnd).toBe(true);
    const row = await mirrorRow(subId);
    expect(row).toMatchObject({ cancelAtPeriodEnd: true, cancellationReason: "Too expensive for us" });
    expect(row.cancellationRequestedAt).toBeInstanceOf(Date);
    // The reason was written to this one subscription and no other.
    const db = await getDb();
    expect(await db.$count(subscriptions, eq(subscriptions.cancellationReason, "Too expensive for us"))).toBe(1);
    // The operator reads the reason beside the cancellation.
    const admin = await createUser({ role: "admin" });
    const listed = await json<AdminSubscription[]>(await call(adminSubscriptions, { path: `/api/admin/subscriptions?q=${encodeURIComponent(owner.email)}`, cookie: admin.cookie }));
    expect(listed.find((s) => s.id === subId)).toMatchObject({ cancelAtPeriodEnd: true, cancellationReason: "Too expensive for us" });
    const provider = await getProvider();
    expect((await provider.retrieveSubscription(row.providerSubscriptionId))!.cancelAtPeriodEnd).toBe(true);

    const resumed = await json<{ subscription: CustomerSubscription }>(await resume(owner, subId));
    expect(resumed.subscription).toMatchObject({ cancelAtPeriodEnd: false, stripeData: { stripeCancelAtPeriodEnd: false } });
    expect(resumed.subscription.stripeData.upcomingInvoice).not.toBeNull();
    expect(await mirrorRow(subId)).toMatchObject({ cancelAtPeriodEnd: false, cancellationReason: null, cancellationRequestedAt: null });
    expect(await db.$count(subscriptions, eq(subscriptions.cancellationReason, "Too expensive for us"))).toBe(0);
    expect((await provider.retrieveSubscription(row.providerSubscriptionId))!).toMatchObject({ cancelAtPeriodEnd: false, cancelAt: null });

    // The customer heard the end date and how to resume, once.
    const [mail, ...more] = await cancelledEmails(owner.email);
    expect(more).toHaveLength(0);
    expect(mail).toContain("Resume subscription");

    // Resuming what is not cancelling changes nothing; cancelling again works, and is told again.
    expect((await json<{ subscription: CustomerSubscription }>(await resume(owner, subId))).subscription.cancelAtPeriodEnd).toBe(false);
    expect((await json<{ subscription: CustomerSubscription }>(await cancel(owner, subId))).subscription.cancelAtPeriodEnd).toBe(true);
    expect((await mirrorRow(subId)).cancellationReason).toBeNull();
    expect(await cancelledEmails(owner.email)).toHaveLength(2);
  });

  it("another account's subscription answers 404 and stays cancelling; a member without billing.manage is refused", async () => {
    const stranger = await createUser();
    const res = await resume(stranger, subId);
    expect(res.status).toBe(404);
    expect((await mirrorRow(subId)).cancelAtPeriodEnd).toBe(true);
    expect((await cancel(stranger, subId)).status).toBe(404);
    const staff = await memberOf(owner.id, "staff");
    expect((await resume(staff, subId)).status).toBe(403);
    expect((await mirrorRow(subId)).cancelAtPeriodEnd).toBe(true);
  });

  it("an ended subscription cannot be resumed (400), nothing changes", async () => {
    const row = await mirrorRow(subId);
    await (await getProvider()).cancelNow(row.providerSubscriptionId, `test-end-${subId}`);
    const res = await resume(owner, subId);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("already ended");
    expect((await mirrorRow(subId)).status).toBe("cancelled");
  });
});

describe("resume in the provider's portal (Stripe fake): the mirror follows, and a second cancel takes effect", () => {
  const SECRET = "whsec_cancel_resume";
  const fake = new StripeFake({ defaultClock: true });
  let provider: StripeProvider;
  let owner: TestUser;
  let subId: string;

  const deliverEvents = () => deliverFakeEvents(fake, SECRET);
  const providerSub = () => fake.get(fake.state.subscriptions.values().next().value!.id as string)!;

  beforeAll(async () => {
    await startJobs({ jobs: [billingSyncJob], workers: false });
    provider = await stripeOnFake(fake, { secretKey: "sk_test_cancel_resume", webhookSecret: SECRET });
    fake.takeEvents();
    owner = await createUser();
    const si = await json<{ setupIntentId: string }>(await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: owner.cookie, body: {} }));
    await provider.stripe.setupIntents.confirm(si.setupIntentId, { payment_method: "pm_card_visa" });
    subId = (await json<{ subscription: CustomerSubscription }>(await completeSubscriptionAs(owner, { setupIntentId: si.setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: null })))
      .subscription.id;
    await deliverEvents();
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await fake.stop();
  });

  it("cancel, resume in the portal, cancel again", async () => {
    expect((await json<{ subscription: CustomerSubscription }>(await cancel(owner, subId))).subscription.cancelAtPeriodEnd).toBe(true);
    await deliverEvents();
    expect(providerSub()).toMatchObject({ cancel_at_period_end: true });

    // The customer presses "Renew" in Stripe's portal: cancel_at_period_end=false, then customer.subscription.updated.
    const stripeId = (await mirrorRow(subId)).providerSubscriptionId;
    await provider.stripe.subscriptions.update(stripeId, { cancel_at_period_end: false });
    await deliverEvents();
    expect(await mine(owner, subId)).toMatchObject({ cancelAtPeriodEnd: false, stripeData: { stripeCancelAtPeriodEnd: false } });

    const again = await json<{ subscription: CustomerSubscription }>(await cancel(owner, subId));
    expect(again.subscription.cancelAtPeriodEnd).toBe(true);
    expect(providerSub()).toMatchObject({ cancel_at_period_end: true });
  });

  it("a portal resume whose webhook has not arrived yet: a cancel still reaches the provider", async () => {
    const stripeId = (await mirrorRow(subId)).providerSubscriptionId;
    await deliverEvents();
    await provider.stripe.subscriptions.update(stripeId, { cancel_at_period_end: false });
    fake.takeEvents(); // the webhook is late
    expect((await mirrorRow(subId)).cancelAtPeriodEnd).toBe(true);
    const res = await json<{ subscription: CustomerSubscription }>(await cancel(owner, subId));
    expect(res.subscription.cancelAtPeriodEnd).toBe(true);
    expect(providerSub()).toMatchObject({ cancel_at_period_end: true });
  });

  it("resume from /billing reaches the provider under an idempotency key", async () => {
    const resumed = await json<{ subscription: CustomerSubscription }>(await resume(owner, subId));
    expect(resumed.subscription.cancelAtPeriodEnd).toBe(false);
    expect(providerSub()).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    const sent = fake.api
      .find("POST", `/v1/subscriptions/${providerSub().id as string}`)
      .filter((r) => r.params.cancel_at_period_end === "false")
      .at(-1)!;
    expect(sent.idempotencyKey).toMatch(/^resume-/);
  });
});

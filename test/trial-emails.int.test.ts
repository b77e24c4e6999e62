import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { subscriptions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { setProviderForTests } from "@/features/billing/provider";
import { syncAccount } from "@/features/billing/sync.server";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { queueDueTrialEndingEmails } from "@/features/billing/trial-emails.server";
import { advanceSandboxClock } from "@/features/billing/sandbox/store.server";
import { StripeProvider } from "@/features/billing/provider/stripe-provider.server";
import { StripeFake } from "@/features/billing/provider/testing/stripe-fake";
import { POST as createSubscription } from "@app/api/create-subscription/route";
import { confirmCard } from "./checkout-helpers";
import { call, completeSubscriptionAs, createUser, json, type TestUser } from "./http-helpers";
import { deliverSignedEvent, stripeEventPayload, stripeOnFake } from "./stripe-fake-webhooks";
import { mailsTo } from "./outbox";

/**
 * Issue 23: the e-mails customers expect around a free trial, branded with
 * the company's name, each sent once: "trial started" when a card-backed
 * trial starts, "trial ends in 3 days" (Stripe's trial_will_end; the
 * sandbox's clock).
 */

const mailsOf = (u: TestUser, kind: string) => mailsTo(u.email, kind);

async function providerSubscriptionOf(u: TestUser): Promise<{ id: string; customer: string }> {
  const db = await getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, u.id));
  return { id: row!.providerSubscriptionId, customer: row!.providerCustomerId };
}

describe("trial e-mails (sandbox)", () => {
  let tina: TestUser;
  beforeAll(async () => {
    setProviderForTests(undefined);
    tina = await createUser({ firstName: "Tina" });
  });

  it("a card-backed trial from /subscribe sends 'trial started' once: what happens next, who calls when, what to prepare", async () => {
    const start = await json<{ clientSecret: string; setupIntentId: string }>(
      await call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: tina.cookie, body: { planId: "medium", billing: "monthly" } }),
    );
    // The page opened: no e-mail yet.
    expect(await mailsOf(tina, "trial-started")).toEqual([]);
    await json(await confirmCard(tina, start.clientSecret));
    const body = { setupIntentId: start.setupIntentId, planId: "medium", billing: "monthly", aiEmployeeId: null, trial: true };
    await json(await completeSubscriptionAs(tina, body));
    // A repeated completion and later syncs send nothing more.
    await json(await completeSubscriptionAs(tina, body));
    await syncAccount(tina.id);
    const mails = await mailsOf(tina, "trial-started");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe("Your HumanFocus AI free trial of the Medium plan has started");
    expect(mail!.text).toContain("Hi Tina,");
    expect(mail!.text).toContain("What happens next");
    expect(mail!.text).toContain("Within one business day our onboarding team calls you");
    expect(mail!.text).toContain("What to prepare for the setup call");
    expect(mail!.text).toContain("Sent by HumanFocus AI.");
    expect(mail!.text).not.toContain("AI Employees ·");
  });

  it("'trial ends in 3 days' goes out once, when the sandbox clock is three days from the trial's end", async () => {
    expect(await queueDueTrialEndingEmails()).toBe(0);
    expect(await mailsOf(tina, "trial-ending")).toEqual([]);
    await advanceSandboxClock(11.5);
    expect(await queueDueTrialEndingEmails()).toBeGreaterThanOrEqual(1);
    expect(await queueDueTrialEndingEmails()).toBe(0);
    const mails = await mailsOf(tina, "trial-ending");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your HumanFocus AI free trial ends on /);
    expect(mails[0]!.text).toContain("Your free trial of the Medium plan ends on");
    expect(mails[0]!.text).toContain("charged $420.00");
  });
});

describe("trial e-mails (Stripe adapter, stateful fake)", () => {
  const fake = new StripeFake();
  const SECRET = "whsec_trial_emails";
  let provider: StripeProvider;

  beforeAll(async () => {
    await startJobs({ jobs: [billingSyncJob], workers: false });
    provider = await stripeOnFake(fake, { secretKey: "sk_test_trial_emails", webhookSecret: SECRET });
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await fake.stop();
  });

  async function trialWillEnd(sub: { id: string; customer: string }): Promise<void> {
    await deliverSignedEvent(stripeEventPayload("customer.subscription.trial_will_end", { id: sub.id, object: "subscription", customer: sub.customer, status: "trialing" }), SECRET);
  }

  it("'trial started' once with the card; 'trial ends in 3 days' once on customer.subscription.trial_will_end, however often it comes", async () => {
    const u = await createUser({ firstName: "Sam" });
    const start = await json<{ setupIntentId: string }>(
      await call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: u.cookie, body: { planId: "small", billing: "monthly" } }),
    );
    await provider.stripe.setupIntents.confirm(start.setupIntentId, { payment_method: "pm_card_visa" });
    await json(await completeSubscriptionAs(u, { setupIntentId: start.setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: null, trial: true }));
    expect(await mailsOf(u, "trial-started")).toHaveLength(1);
    expect(await mailsOf(u, "trial-ending")).toEqual([]);

    const sub = await providerSubscriptionOf(u);
    await trialWillEnd(sub);
    // Stripe may deliver the event again, or a second one: still one reminder.
    await trialWillEnd(sub);
    const reminders = await mailsOf(u, "trial-ending");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("Hi Sam,");
    expect(reminders[0]!.text).toContain("Your free trial of the Small plan ends on");
  });
});

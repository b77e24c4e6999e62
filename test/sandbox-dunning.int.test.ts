import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { emailMessages, notifications } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { setProviderForTests } from "@/features/billing/provider";
import { dunningEmailJob } from "@/features/billing/dunning-email.server";
import { DUNNING_EMAIL_KIND } from "@/features/billing/dunning-email";
import type { CustomerSubscription, InvoiceView } from "@/features/billing/api-types";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { POST as createSubscription } from "@app/api/create-subscription/route";
import { GET as billingHistory } from "@app/api/billing-history/route";
import { GET as userSubscriptions } from "@app/api/user-subscriptions/route";
import { confirmCard } from "./checkout-helpers";
import { POST as advanceClock } from "@app/api/admin/sandbox-clock/route";
import { call, completeSubscriptionAs, createUser, json, type TestUser } from "./http-helpers";

/**
 * The customer billing API on the sandbox provider, which follows Stripe's
 * lifecycle (issue 10): a trial nobody gives a card ends cancelled, unbilled
 * and without dunning; a card whose charges fail (4000 0000 0000 0341) makes
 * the trial end past_due with an open invoice and the past-due notification;
 * a good card saved afterwards (the sandbox portal's Update card) recovers
 * it. The sandbox clock only moves forward, by relative amounts.
 */

async function subs(u: TestUser): Promise<CustomerSubscription[]> {
  return json<CustomerSubscription[]>(await call(userSubscriptions, { path: "/api/user-subscriptions", cookie: u.cookie }));
}

async function history(u: TestUser): Promise<InvoiceView[]> {
  return json<InvoiceView[]>(await call(billingHistory, { path: "/api/billing-history", cookie: u.cookie }));
}

/** A card saved through the card-first setup intent (checkout, and the sandbox portal's Update card). */
async function saveCard(u: TestUser, cardNumber: string): Promise<string> {
  const si = await json<{ clientSecret: string; setupIntentId: string }>(await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: u.cookie, body: {} }));
  const confirmed = await json<{ setupIntent: { status: string } }>(await confirmCard(u, si.clientSecret, cardNumber));
  expect(confirmed.setupIntent.status).toBe("succeeded");
  return si.setupIntentId;
}

async function pastDueNotifications(): Promise<number> {
  const db = await getDb();
  return (await db.select().from(notifications).where(eq(notifications.type, "subscription_past_due"))).length;
}

async function dunningMails(u: TestUser): Promise<number> {
  await drainJobs();
  const db = await getDb();
  return (
    await db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, u.email), eq(emailMessages.kind, DUNNING_EMAIL_KIND)))
  ).length;
}

describe("sandbox dunning through the customer billing API", () => {
  let admin: TestUser;

  beforeAll(async () => {
    await startJobs({ jobs: [dunningEmailJob], workers: false });
    setProviderForTests(undefined);
    admin = await createUser({ role: "admin" });
  });

  async function moveClock(days: number): Promise<void> {
    await json(await call(advanceClock, { method: "POST", path: "/api/admin/sandbox-clock", cookie: admin.cookie, body: { days } }));
  }

  it("a subscribe page left without a card leaves nothing, also after the trial's days: no subscription, no invoice, no past-due notice (issue 23)", async () => {
    const erin = await createUser();
    await json(await call(createSubscription, { method: "POST", path: "/api/create-subscription", cookie: erin.cookie, body: { planId: "small", billing: "monthly" } }));
    const before = await pastDueNotifications();
    await moveClock(15);
    expect(await subs(erin)).toEqual([]);
    expect(await history(erin)).toEqual([]);
    expect(await pastDueNotifications()).toBe(before);
    expect(await dunningMails(erin)).toBe(0);
  });

  it("4000 0000 0000 0341: past_due with an open invoice and a notice at trial end; a good card recovers it", async () => {
    const pat = await createUser();
    const setupIntentId = await saveCard(pat, "4000000000000341");
    await json(await completeSubscriptionAs(pat, { setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: null }));
    expect((await subs(pat))[0]!.status).toBe("trialing");
    const before = await pastDueNotifications();

    await moveClock(15);
    const [pastDue] = await subs(pat);
    expect(pastDue).toMatchObject({ status: "past_due", stripeData: { stripeStatus: "past_due" } });
    const [open] = await history(pat);
    expect(open).toMatchObject({ status: "open", amount: 14900 });
    expect(open!.invoiceUrl).toMatch(/\/sandbox\/invoices\/in_sbx_/);
    expect(await pastDueNotifications()).toBe(before + 1);
    expect(await dunningMails(pat)).toBe(1);

    // The portal's Update card with the good card: the open invoice is paid and the subscription is active again.
    await saveCard(pat, "4242424242424242");
    const [recovered] = await subs(pat);
    expect(recovered).toMatchObject({ status: "active", stripeData: { stripeStatus: "active" } });
    expect((await history(pat)).map((i) => [i.status, i.amount])).toEqual([["paid", 14900]]);
    expect(await dunningMails(pat)).toBe(1);
  });
});

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { emailMessages, notifications } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { setProviderForTests } from "@/features/billing/provider";
import { LoopbackStripe, list } from "@/features/billing/provider/testing/loopback-stripe";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { dunningEmailJob } from "@/features/billing/dunning-email.server";
import { DUNNING_EMAIL_KIND } from "@/features/billing/dunning-email";
import { GET as userSubscriptions } from "@app/api/user-subscriptions/route";
import { call, type TestUser } from "./http-helpers";
import { stripeModeCustomer, stripeSubscriptionJson } from "./checkout-helpers";

const T0 = Math.floor(Date.now() / 1000) - 40 * 86_400;
const DAY = 86_400;

/**
 * Dunning: a payment that fails makes the subscription past due; the
 * customer gets one e-mail per failed period through the e-mail port (a
 * durable job queued with the mirrored status), none once the payment has
 * been recovered, and the past-due state clears with recovery.
 */
describe("dunning e-mail on past_due (Stripe mode, loopback API)", () => {
  const api = new LoopbackStripe();
  let user: TestUser;
  const customer = `cus_${randomUUID().slice(0, 8)}`;
  let status = "past_due";
  let periodStart = T0 + 14 * DAY;

  const sub = () => stripeSubscriptionJson({ id: `sub_${customer}`, customer, status, created: T0, trialEnd: T0 + 14 * DAY, periodStart, periodEnd: periodStart + 30 * DAY });

  async function dunningMails() {
    const db = await getDb();
    return db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, user.email), eq(emailMessages.kind, DUNNING_EMAIL_KIND)));
  }

  beforeAll(async () => {
    await startJobs({ jobs: [dunningEmailJob], workers: false });
    user = await stripeModeCustomer(api, customer, { secretKey: "sk_test_dunning", webhookSecret: "whsec_dunning" }, { firstName: "Dana" });
    api.on("GET", "/v1/subscriptions", () => ({ body: list([sub()]) }));
    api.on("GET", "/v1/invoices", { body: list([]) });
    api.on("POST", "/v1/invoices/create_preview", { body: { object: "invoice", amount_due: 14900, period_end: periodStart + 30 * DAY, next_payment_attempt: null } });
  });
  afterAll(async () => {
    setProviderForTests(undefined);
    await api.stop();
  });

  it("a failed payment sends the customer one e-mail with a link to billing, however often it is synced", async () => {
    await syncCustomerSubscriptions(customer);
    await syncCustomerSubscriptions(customer);
    await drainJobs();
    const mails = await dunningMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Payment failed for your Small plan");
    expect(mails[0]!.text).toContain("Hi Dana,");
    expect(mails[0]!.text).toMatch(/Billing & Account: https?:\/\/[^\s]+\/billing/);
    expect(mails[0]!.html).toContain("Update payment method");
    // Admins hear of it too (urgent notification), once.
    const db = await getDb();
    const notes = await db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `subscription_past_due:sub_${customer}:${periodStart}`));
    expect(notes).toHaveLength(1);
  });

  it("recovery clears the past-due state, and a recovered payment is not dunned", async () => {
    status = "active";
    await syncCustomerSubscriptions(customer);
    const res = await call(userSubscriptions, { path: "/api/user-subscriptions", cookie: user.cookie });
    expect(((await res.json()) as Array<{ status: string }>).map((s) => s.status)).toEqual(["active"]);

    // The next period fails, and is recovered before its e-mail goes out: nothing is sent.
    periodStart += 30 * DAY;
    status = "past_due";
    await syncCustomerSubscriptions(customer);
    status = "active";
    await syncCustomerSubscriptions(customer);
    await drainJobs();
    expect(await dunningMails()).toHaveLength(1);

    // A later failure that is not recovered is a new e-mail.
    periodStart += 30 * DAY;
    status = "past_due";
    await syncCustomerSubscriptions(customer);
    await drainJobs();
    expect(await dunningMails()).toHaveLength(2);
  });
});

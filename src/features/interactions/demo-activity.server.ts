import "server-only";
import { randomUUID } from "node:crypto";
import { DEMO_ACTIVE_CUSTOMER } from "@/db/seed";
import { config } from "@/lib/config";
import { logger } from "@/lib/logger";
import { getProvider } from "@/features/billing/provider";
import { ensureCustomer } from "@/features/billing/customers.server";
import { syncAccount } from "@/features/billing/sync.server";
import { firstAccountId } from "@/features/accounts/account-lifecycle.server";
import { accountRow, userByEmail } from "@/features/accounts/account-reads.server";
import { firstSubscriptionIdOf } from "@/features/billing/account-subscriptions.server";
import { insertOrder, linkOrderSubscription } from "@/features/orders/order-claims.server";
import { confirmSetupIntent, createSetupIntent } from "@/features/billing/sandbox/customers-and-cards.server";
import { createStartedSubscription } from "@/features/billing/sandbox/subscriptions.server";
import { ingestInteractions } from "./ingest.server";
import { DEFAULT_PLATFORM_SOURCE } from "./ingest-source";
import { simulatedTraffic } from "./simulated-traffic";

/** How long ago the demo subscription started: most of a usage month is behind it. */
const STARTED_DAYS_AGO = 20;
const DAY_MS = 86_400_000;
/** Days of simulated calls and chats up to today. */
const TRAFFIC_DAYS = 30;

/**
 * The second demo customer's living dashboard (issue 13): an active Small
 * subscription that started 20 days ago (sandbox only: a real provider's
 * subscriptions cannot start in the past), its AI employee "Max", and a month
 * of realistic calls and chats through the ingestion path. Runs once, after
 * the demo accounts were seeded into an empty database.
 */
export async function seedDemoActivity(): Promise<void> {
  const provider = await getProvider();
  if (!provider.periodsAdvanceWithoutWebhooks) {
    logger.info("demo calls not seeded: they need the sandbox payment provider");
    return;
  }
  const owner = await userByEmail(DEMO_ACTIVE_CUSTOMER.email);
  if (!owner) return;
  const accountId = await firstAccountId(owner.id);
  if (!accountId) return;
  const account = await accountRow(accountId);
  if (await firstSubscriptionIdOf(accountId)) return;

  const now = await provider.now();
  const customerId = await ensureCustomer({ accountId, accountName: account?.name ?? owner.email, billingEmail: account?.billingEmail ?? null, email: owner.email });
  const intent = await createSetupIntent(customerId, `demo-setup-${owner.id}`);
  const card = await confirmSetupIntent(intent.clientSecret, { number: "4242 4242 4242 4242", expMonth: 12, expYear: now.getUTCFullYear() + 3, cvc: "123", name: "Dana Diaz" });
  const orderId = randomUUID();
  await insertOrder({
    id: orderId,
    aiEmployeeName: "Max",
    aiPhoneNumber: "+1 (555) 010-2299",
    customerEmail: owner.email,
    webChatUrl: "https://chat.example.com/max",
    status: "claimed",
    accountId,
    claimedByUserId: owner.id,
    // Prepared before its month of calls began: the calls before the subscription are shown, not billed (issue 21).
    createdAt: new Date(now.getTime() - (TRAFFIC_DAYS + 1) * DAY_MS),
  });
  await createStartedSubscription(
    { customerId, planId: "small", billing: "monthly", paymentMethodId: card.paymentMethodId, metadata: { accountId, userId: owner.id, aiReadyOrderId: orderId } },
    new Date(now.getTime() - STARTED_DAYS_AGO * DAY_MS),
    `demo-subscription-${owner.id}`,
  );
  await syncAccount(accountId);
  const subId = await firstSubscriptionIdOf(accountId);
  if (subId) await linkOrderSubscription(orderId, subId);

  // The demo business is a dental practice: its calls are about cleanings and toothaches, not furnaces.
  const records = simulatedTraffic({ seed: 2026, days: TRAFFIC_DAYS, perDay: 4, end: now, aiEmployeeId: orderId, baseUrl: config().baseUrl, trade: "dental" });
  let created = 0;
  for (let i = 0; i < records.length; i += 500) {
    created += (await ingestInteractions(records.slice(i, i + 500), DEFAULT_PLATFORM_SOURCE)).filter((r) => r.status === "created").length;
  }
  logger.info({ email: owner.email, calls: created }, "demo customer seeded with an active subscription and a month of calls");
}

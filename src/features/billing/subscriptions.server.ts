import "server-only";
import { adoptClaimingBusiness } from "@/features/ai-settings/defaults.server";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { config } from "@/lib/config";
import { subscriptions } from "@/db/schema";
import { claimOrder, oldestPendingOrderFor, orderById } from "@/features/orders/order-claims.server";
import type { Billing, PlanId } from "@/features/plans/catalogue";
import { HttpError, badRequest, conflict, notFound } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { ensureCustomer, findCustomerId } from "./customers.server";
import { freeTrialAvailable, mayStartFreeTrial, oneSubscriptionStartAtATime } from "./free-trial.server";
import { FREE_TRIAL_USED } from "./free-trial";
import { getProvider } from "./provider";
import { ProviderError } from "./provider/port";
import { syncCustomerSubscriptions } from "./sync.server";
import { setupCardDefaultKey } from "./provider/idempotency";
import { customerSubscriptionView, providerNow } from "./views.server";
import type { CustomerSubscription } from "./api-types";

export const TRIAL_DAYS = 14;

/**
 * Who starts, changes or ends a subscription: the signed-in member (whose
 * verified e-mail decides which AI employee they may claim) acting for their
 * business account, which owns the provider customer and the subscriptions
 * (issue 22). See payerOf().
 */
/** The member acting for the account: the signed-in user's fields billing needs. */
export type PayingMember = { id: string; email: string; emailVerified: boolean; firstName: string | null; lastName: string | null };

export type Payer = PayingMember & {
  accountId: string;
  accountName: string;
  billingEmail: string | null;
};
type Caller = Payer;

/** The payer for a member acting in an account. */
export function payerOf(user: PayingMember, account: { id: string; name: string; billingEmail: string | null }): Payer {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    accountId: account.id,
    accountName: account.name,
    billingEmail: account.billingEmail,
  };
}

const PROVIDER_UNREACHABLE = "The payment provider is not reachable. Please try again.";

/**
 * What a provider failure tells the caller. A card error (a decline) is the
 * only one the customer can act on: 400 with the provider's message. Every
 * other failure (an invalid request, a reused idempotency key, bad
 * credentials, a rate limit, an outage, no connection) is ours or the
 * provider's, so the caller gets our own words: `failure` (502), or for
 * failures that may pass the `unreachable` message (503); the provider's
 * details go to the log. Anything that is not a ProviderError is returned
 * unchanged.
 */
export function asHttpError(err: unknown, failure: string, unreachable = PROVIDER_UNREACHABLE): unknown {
  if (!(err instanceof ProviderError)) return err;
  const provider = { type: err.type, code: err.code, retryable: err.retryable, message: err.message };
  if (err.isCardError) {
    logger.info({ provider }, "payment provider declined a card");
    return new HttpError(400, err.message);
  }
  logger.error({ provider, answered: err.retryable ? unreachable : failure }, "payment provider call failed");
  return err.retryable ? new HttpError(503, unreachable) : new HttpError(502, failure);
}

/**
 * Card first, for /checkout and /subscribe alike (issue 23, ADR 0111): a
 * setup intent for the caller's customer, and whether the subscription it
 * leads to starts with the free trial (what the page says before it asks for
 * the card; completeSubscription decides again). No subscription exists
 * until the confirmed card reaches completeSubscription, so an abandoned
 * page leaves nothing any page, e-mail or admin view shows.
 */
export async function createCheckoutSetupIntent(user: Caller): Promise<{ clientSecret: string; setupIntentId: string; trial: boolean }> {
  const customerId = await ensureCustomer(user);
  const provider = await getProvider();
  try {
    const si = await provider.createSetupIntent(customerId, `setup-${user.accountId}-${crypto.randomUUID()}`);
    return { clientSecret: si.clientSecret, setupIntentId: si.id, trial: await freeTrialAvailable(user.accountId) };
  } catch (err) {
    throw asHttpError(err, "Failed to start the payment setup. Please try again later.");
  }
}

/**
 * After the card form confirmed a setup intent of the caller's customer: its
 * card becomes the default of the customer and of the subscription it was
 * made for (the webhook's setup_intent.succeeded does the same, whichever
 * comes first), and the mirror is synced.
 */
export async function adoptConfirmedCard(user: Pick<Caller, "accountId">, setupIntentId: string): Promise<void> {
  const customerId = await findCustomerId(user.accountId);
  if (!customerId) throw notFound("Payment setup not found.");
  const provider = await getProvider();
  try {
    const si = await provider.retrieveSetupIntent(setupIntentId);
    if (si.customerId !== customerId) throw notFound("Payment setup not found.");
    if (si.status !== "succeeded") throw badRequest("Your payment method has not been confirmed yet. Please try again.");
    await provider.makeSetupCardDefault(si.id, setupCardDefaultKey(si.id));
  } catch (err) {
    if (err instanceof ProviderError && err.code === "resource_missing") throw notFound("Payment setup not found.");
    throw asHttpError(err, "Failed to save the payment method. Please try again later.");
  }
  await syncCustomerSubscriptions(customerId);
}

/** What a checkout's claim does outside billing, in its transaction: billing sits below interactions (the route passes interactions' claimOrderCalls). */
export type CheckoutSteps = {
  /** The calls the claimed AI employee took before it was claimed become the account's. */
  claimCalls(tx: DbOrTx, orderId: string, accountId: string): Promise<void>;
};

/**
 * Completes a card-first start (/checkout and /subscribe): the setup intent must belong to the caller's customer and have
 * succeeded. Under the customer's lock it decides the trial (one per
 * customer, ADR 0105): with the trial unused, a 14-day trialing subscription
 * with that card; used, a paid one charged at once. `trial` says what the
 * page told the customer; a trial the page promised but that is used by now
 * is refused with 409 (FREE_TRIAL_USED) and nothing is charged, so a card is
 * never charged without the page having said so. Then the mirror is synced
 * and the caller's AI-ready order claimed (pending -> claimed, or active for
 * a paid start; linked both ways). Repeating the call with the same setup
 * intent returns the same subscription.
 */
export async function completeSubscription(
  user: Caller,
  input: { setupIntentId: string; planId: PlanId; billing: Billing; aiEmployeeId: string | null; trial?: boolean },
  steps: CheckoutSteps,
): Promise<CustomerSubscription> {
  const provider = await getProvider();
  const customerId = await findCustomerId(user.accountId);
  if (!customerId) throw notFound("Payment setup not found.");
  let si;
  try {
    si = await provider.retrieveSetupIntent(input.setupIntentId);
  } catch (err) {
    if (err instanceof ProviderError && err.code === "resource_missing") throw notFound("Payment setup not found.");
    throw asHttpError(err, "Failed to check the payment setup. Please try again later.");
  }
  // Someone else's setup intent looks the same as a missing one.
  if (si.customerId !== customerId) throw notFound("Payment setup not found.");
  if (si.status !== "succeeded") throw badRequest("Your payment method has not been confirmed yet. Please try again.");

  const db = await getDb();
  const order = await findClaimableOrder(user, input.aiEmployeeId);
  // An AI employee whose subscription has ended may be subscribed again (ADR 0088).
  let endedSubscriptionId: string | null = null;
  if (order && order.status !== "pending" && order.subscriptionId) {
    const [linked] = await db.select().from(subscriptions).where(eq(subscriptions.id, order.subscriptionId));
    if (linked?.status === "cancelled") {
      endedSubscriptionId = linked.id;
    } else {
      // Already claimed by this caller: only a repeat of the same checkout may proceed.
      const previous = linked ? await provider.retrieveSubscription(linked.providerSubscriptionId) : null;
      if (!previous || previous.metadata.setupIntentId !== si.id) throw badRequest("This AI employee has already been activated.");
    }
  }

  const metadata = { accountId: user.accountId, userId: user.id, setupIntentId: si.id, ...(order ? { aiReadyOrderId: order.id } : {}) };
  const sub = await oneSubscriptionStartAtATime(user.accountId, async () => {
    try {
      const all = await provider.listSubscriptions(customerId);
      // A repeat of a checkout that went through: the same subscription, whatever the trial says now.
      const made = all.find((s) => s.metadata.setupIntentId === si.id);
      if (made) return made;
      const trial = await mayStartFreeTrial(user.accountId, all);
      if (!trial && input.trial !== false) throw conflict(FREE_TRIAL_USED);
      const base = { customerId, planId: input.planId, billing: input.billing, metadata };
      const created = trial
        ? await provider.createTrialSubscription({ ...base, paymentMethodId: si.paymentMethodId, trialDays: TRIAL_DAYS }, `complete-${si.id}`)
        : await provider.createPaidSubscription({ ...base, paymentMethodId: si.paymentMethodId ?? "" }, `complete-${si.id}`);
      // Mirrored before the next start of this customer may decide its trial.
      await syncCustomerSubscriptions(customerId);
      return created;
    } catch (err) {
      throw asHttpError(err, "Failed to activate the subscription. Please try again later.");
    }
  });

  let [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
  if (!row) {
    await syncCustomerSubscriptions(customerId);
    [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
  }
  if (!row) throw new Error("subscription mirror row missing after sync");
  if (order) {
    await db.transaction(async (tx) => {
      const claimed = await claimOrder(tx, {
        orderId: order.id,
        endedSubscriptionId,
        // A paid start is live at once: its AI employee is active, as the sync makes a paid trial's.
        active: row.status === "active",
        subscriptionId: row.id,
        accountId: user.accountId,
        userId: user.id,
      });
      const ownsAlready = order.subscriptionId === row.id;
      if (claimed > 0 || ownsAlready) {
        await tx.update(subscriptions).set({ aiReadyOrderId: order.id, updatedAt: new Date() }).where(eq(subscriptions.id, row.id));
      }
      // Calls it took before it was claimed (its setup, its first test calls) are now the customer's to see (ADR 0143).
      if (claimed > 0) await steps.claimCalls(tx, order.id, user.accountId);
      // Its untouched default settings now name the business that claimed it (issue 24).
      if (claimed > 0) await adoptClaimingBusiness(tx, order.id);
    });
  }
  const [fresh] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
  return customerSubscriptionView(fresh!, await providerNow());
}

/**
 * The AI-ready order a checkout claims: the one named by aiEmployeeId, or
 * else the oldest pending one, prepared for the caller's verified e-mail.
 */
async function findClaimableOrder(user: Caller, aiEmployeeId: string | null) {
  const email = user.email.trim().toLowerCase();
  if (aiEmployeeId) {
    const order = await orderById(aiEmployeeId);
    if (!order || !user.emailVerified || order.customerEmail !== email) throw notFound("AI employee not found.");
    if (order.status !== "pending" && order.accountId !== user.accountId) throw badRequest("This AI employee has already been activated.");
    return order;
  }
  if (!user.emailVerified) return null;
  return oldestPendingOrderFor(email);
}

const PORTAL_FAILURE = "Failed to open customer portal";

/** A customer-portal URL for the caller (sandbox: our /sandbox/portal page). */
export async function createPortalSession(user: Caller): Promise<{ url: string }> {
  const customerId = await ensureCustomer(user);
  const provider = await getProvider();
  try {
    return await provider.createPortalSession(customerId, `${config().baseUrl}/billing`);
  } catch (err) {
    // Whatever the provider says (e.g. no portal configuration), the customer hears one thing.
    throw asHttpError(err, PORTAL_FAILURE, PORTAL_FAILURE);
  }
}

import "server-only";
import { randomBytes } from "node:crypto";
import type { DbOrTx } from "@/lib/db";
import { config } from "@/lib/config";
import { ProviderError, type ProviderSetupIntent } from "../provider/port";
import { cardBrand, cardDigits, cardProblem, chargesDecline, DECLINED_MESSAGE, type CardInput } from "./card-checks";
import type { CustomerData, PaymentMethodData, SetupIntentData, SubscriptionData } from "./sandbox-objects";
import { sandboxId, sandboxNow, sbxGet, sbxInsert, sbxListKind, sbxUpdate, type SandboxRow } from "./store.server";

/**
 * Sandbox customers, their cards (payment methods) and the setup intents
 * that save a card, plus the portal link.
 */

function toSetupIntent(row: SandboxRow<SetupIntentData>): ProviderSetupIntent {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.data.status,
    clientSecret: row.data.clientSecret,
    paymentMethodId: row.data.paymentMethodId,
    lastError: row.data.lastError,
  };
}

export async function createCustomer(input: { email: string; name: string; accountId: string }, idempotencyKey: string): Promise<{ id: string }> {
  const id = sandboxId("customer");
  const row = await sbxInsert<CustomerData>("customer", {
    id,
    customerId: id,
    data: { email: input.email, name: input.name, accountId: input.accountId, defaultPaymentMethodId: null },
    idempotencyKey,
  });
  return { id: row.id };
}

export async function retrieveCustomer(id: string): Promise<SandboxRow<CustomerData> | null> {
  return sbxGet<CustomerData>("customer", id);
}

export async function requireCustomer(id: string, tx?: DbOrTx): Promise<SandboxRow<CustomerData>> {
  const c = await sbxGet<CustomerData>("customer", id, tx);
  if (!c) throw new ProviderError(`No such customer: '${id}'`, "resource_missing", false);
  return c;
}

/** Every sandbox customer id (the clock action syncs them all). */
export async function allCustomerIds(): Promise<string[]> {
  return (await sbxListKind<CustomerData>("customer")).map((c) => c.id);
}

export async function createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
  await requireCustomer(customerId);
  return { url: `${config().baseUrl}/sandbox/portal?return_url=${encodeURIComponent(returnUrl)}` };
}

/** A setup intent for the customer; with `subscriptionId`, the subscription's pending one (subscription-first flow). */
export async function createSetupIntent(customerId: string, idempotencyKey: string, subscriptionId: string | null = null): Promise<ProviderSetupIntent> {
  await requireCustomer(customerId);
  const row = await sbxInsert<SetupIntentData>("setup_intent", {
    customerId,
    data: {
      status: "requires_payment_method",
      clientSecret: "",
      paymentMethodId: null,
      lastError: null,
      subscriptionId,
    },
    idempotencyKey,
  });
  if (!row.data.clientSecret) {
    row.data.clientSecret = `${row.id}_secret_${randomBytes(12).toString("hex")}`;
    await sbxUpdate("setup_intent", row.id, row.data);
  }
  return toSetupIntent(row);
}

export async function retrieveSetupIntent(id: string): Promise<ProviderSetupIntent> {
  const row = await sbxGet<SetupIntentData>("setup_intent", id);
  if (!row) throw new ProviderError(`No such setupintent: '${id}'`, "resource_missing", false);
  return toSetupIntent(row);
}

/** The setup intent a client secret belongs to (the client-side confirm call). */
export async function setupIntentByClientSecret(clientSecret: string): Promise<SandboxRow<SetupIntentData> | null> {
  const id = clientSecret.split("_secret_")[0] ?? "";
  const row = await sbxGet<SetupIntentData>("setup_intent", id);
  if (!row || row.data.clientSecret !== clientSecret) return null;
  return row;
}

/**
 * Confirms a setup intent with a test card (what the provider's client library
 * does): an accepted card becomes a payment method and the customer's default
 * (and the subscription's, for a subscription's pending setup intent); a
 * refused one leaves the intent waiting with the reason (card-checks.ts).
 */
export async function confirmSetupIntent(clientSecret: string, card: CardInput): Promise<ProviderSetupIntent> {
  const row = await setupIntentByClientSecret(clientSecret);
  if (!row) throw new ProviderError("No such setup intent for this client secret.", "resource_missing", false);
  if (row.data.status === "succeeded") return toSetupIntent(row);
  const number = cardDigits(card);
  const error = cardProblem(card, await sandboxNow());
  if (error) {
    row.data.status = "requires_payment_method";
    row.data.lastError = error;
    await sbxUpdate("setup_intent", row.id, row.data);
    return toSetupIntent(row);
  }
  const pm = await sbxInsert<PaymentMethodData>("payment_method", {
    customerId: row.customerId,
    data: { brand: cardBrand(number), last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear, name: card.name, declines: chargesDecline(number) },
  });
  row.data.status = "succeeded";
  row.data.lastError = null;
  row.data.paymentMethodId = pm.id;
  await sbxUpdate("setup_intent", row.id, row.data);
  // Subscription-first flow: the pending setup intent saves the card on the subscription (save_default_payment_method).
  if (row.data.subscriptionId) {
    const sub = await sbxGet<SubscriptionData>("subscription", row.data.subscriptionId);
    if (sub) {
      sub.data.defaultPaymentMethodId = pm.id;
      sub.data.pendingSetupIntentId = null;
      await sbxUpdate("subscription", sub.id, sub.data);
    }
  }
  if (row.customerId) await setDefaultPaymentMethod(row.customerId, pm.id);
  return toSetupIntent(row);
}

export async function setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
  const c = await requireCustomer(customerId);
  c.data.defaultPaymentMethodId = paymentMethodId;
  await sbxUpdate("customer", c.id, c.data);
}

export async function paymentMethod(id: string | null, tx?: DbOrTx): Promise<SandboxRow<PaymentMethodData> | null> {
  return id ? sbxGet<PaymentMethodData>("payment_method", id, tx) : null;
}

/** Why an invoice stays open when the customer has no card (Stripe leaves the invoice open and the subscription past_due). */
const NO_PAYMENT_METHOD = "No usable payment method on file.";

/** The card that pays the subscription's invoices: the subscription's default, else its customer's (Stripe's order); null when none. */
export async function invoicePaymentMethod(sub: SandboxRow<SubscriptionData>, tx: DbOrTx): Promise<SandboxRow<PaymentMethodData> | null> {
  const customer = await sbxGet<CustomerData>("customer", sub.customerId!, tx);
  return paymentMethod(sub.data.defaultPaymentMethodId ?? customer?.data.defaultPaymentMethodId ?? null, tx);
}

/**
 * Why charging the subscription's card fails, or null when it pays: no card
 * at all, or a card whose charges are declined (4000 0000 0000 0341).
 */
export async function chargeProblem(sub: SandboxRow<SubscriptionData>, tx: DbOrTx): Promise<string | null> {
  const pm = await invoicePaymentMethod(sub, tx);
  if (!pm) return NO_PAYMENT_METHOD;
  return pm.data.declines ? DECLINED_MESSAGE : null;
}

import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { paymentCustomers } from "@/db/schema";
import { getProvider } from "./provider";

/** The business account that pays: its provider customer is named after it and mailed at its billing e-mail (else the caller's). */
export type CustomerOwner = { accountId: string; accountName: string; billingEmail?: string | null; email: string };

/** The caller's provider customer id, or null when none was created yet. */
export async function findCustomerId(accountId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.accountId, accountId));
  return row?.providerCustomerId ?? null;
}

/** The business account that owns a provider customer id, or null. */
export async function findCustomerOwner(providerCustomerId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.providerCustomerId, providerCustomerId));
  return row?.accountId ?? null;
}

const inFlight = new Map<string, Promise<string>>();

/**
 * One provider customer per business account, created once. Concurrent calls never create
 * two: calls in this process share one promise, the provider call carries the
 * idempotency key `customer-<accountId>` (so a second process gets the same
 * customer back), and payment_customers' primary key on account_id keeps the
 * first stored id; everyone returns the stored row.
 */
export async function ensureCustomer(user: CustomerOwner): Promise<string> {
  const existing = await findCustomerId(user.accountId);
  if (existing) return existing;
  let p = inFlight.get(user.accountId);
  if (!p) {
    p = createOnce(user).finally(() => inFlight.delete(user.accountId));
    inFlight.set(user.accountId, p);
  }
  return p;
}

async function createOnce(user: CustomerOwner): Promise<string> {
  const provider = await getProvider();
  const created = await provider.createCustomer({ email: user.billingEmail || user.email, name: user.accountName, accountId: user.accountId }, `customer-${user.accountId}`);
  const db = await getDb();
  await db.insert(paymentCustomers).values({ accountId: user.accountId, providerCustomerId: created.id }).onConflictDoNothing();
  const stored = await findCustomerId(user.accountId);
  if (!stored) throw new Error("payment customer was not stored");
  return stored;
}

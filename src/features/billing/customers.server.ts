import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { paymentCustomers } from "@/db/schema";
import { getProvider } from "./provider";

export type CustomerOwner = { id: string; email: string; firstName?: string | null; lastName?: string | null };

/** The caller's provider customer id, or null when none was created yet. */
export async function findCustomerId(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  return row?.providerCustomerId ?? null;
}

/** The user that owns a provider customer id, or null. */
export async function findCustomerOwner(providerCustomerId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.providerCustomerId, providerCustomerId));
  return row?.userId ?? null;
}

const inFlight = new Map<string, Promise<string>>();

/**
 * One provider customer per user, created once. Concurrent calls never create
 * two: calls in this process share one promise, the provider call carries the
 * idempotency key `customer-<userId>` (so a second process gets the same
 * customer back), and payment_customers' primary key on user_id keeps the
 * first stored id; everyone returns the stored row.
 */
export async function ensureCustomer(user: CustomerOwner): Promise<string> {
  const existing = await findCustomerId(user.id);
  if (existing) return existing;
  let p = inFlight.get(user.id);
  if (!p) {
    p = createOnce(user).finally(() => inFlight.delete(user.id));
    inFlight.set(user.id, p);
  }
  return p;
}

async function createOnce(user: CustomerOwner): Promise<string> {
  const provider = await getProvider();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  const created = await provider.createCustomer({ email: user.email, name, userId: user.id }, `customer-${user.id}`);
  const db = await getDb();
  await db.insert(paymentCustomers).values({ userId: user.id, providerCustomerId: created.id }).onConflictDoNothing();
  const stored = await findCustomerId(user.id);
  if (!stored) throw new Error("payment customer was not stored");
  return stored;
}

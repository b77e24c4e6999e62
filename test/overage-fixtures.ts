import { getDb } from "@/lib/db";
import { paymentCustomers } from "@/db/schema";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { seedSubscription } from "@/features/usage/testing/seed";
import * as subsList from "@app/api/admin/subscriptions/route";
import { call, type TestUser } from "./http-helpers";

/** A new subscription of `customer`'s account under a fresh payment customer (`cus_<prefix>_…`), and its current billing cycle as the admin's list shows it. */
export async function subscriptionWithCycle(admin: TestUser, customer: TestUser, prefix: string) {
  const customerId = `cus_${prefix}_${Math.random().toString(36).slice(2, 8)}`;
  const db = await getDb();
  await db
    .insert(paymentCustomers)
    .values({ accountId: customer.id, providerCustomerId: customerId })
    .onConflictDoUpdate({ target: paymentCustomers.accountId, set: { providerCustomerId: customerId } });
  const sub = await seedSubscription({ accountId: customer.id, customerId });
  const list = (await (await call(subsList.GET, { path: "/api/admin/subscriptions", cookie: admin.cookie })).json()) as AdminSubscription[];
  const view = list.find((s) => s.id === sub.id)!;
  return { sub, cycle: view.stripeData.billingCycles.find((c) => c.isCurrent)! };
}

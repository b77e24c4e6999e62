import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db";
import { subscriptions } from "@/db/schema";

const DAY = 86_400_000;

type Row = typeof subscriptions.$inferSelect;

/** Inserts a mirrored subscription row for tests (no provider involved). */
export async function seedSubscription(opts: {
  /** The business account (a new test user's own account has the user's id). */
  accountId: string;
  status?: Row["status"];
  planId?: string;
  billing?: "monthly" | "annual";
  customerId?: string;
  trial?: boolean;
  aiReadyOrderId?: string | null;
  providerStatus?: Row["providerStatus"];
  cancelAtPeriodEnd?: boolean;
}): Promise<Row> {
  const now = Date.now();
  const status = opts.status ?? "active";
  const trialing = status === "trialing";
  const createdAt = new Date(now - (trialing ? 2 : 50) * DAY);
  const trialStart = opts.trial || trialing ? createdAt : null;
  const trialEnd = trialStart ? new Date(trialStart.getTime() + 14 * DAY) : null;
  const currentPeriodStart = trialing ? trialStart! : new Date(now - 5 * DAY);
  const currentPeriodEnd = trialing ? trialEnd! : new Date(currentPeriodStart.getTime() + 30 * DAY);
  const db = await getDb();
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      accountId: opts.accountId,
      planId: opts.planId ?? "small",
      billing: opts.billing ?? "monthly",
      status,
      cancelAtPeriodEnd: opts.cancelAtPeriodEnd ?? false,
      currentPeriodStart,
      currentPeriodEnd,
      trialStart,
      trialEnd,
      providerCustomerId: opts.customerId ?? `cus_${randomUUID().slice(0, 8)}`,
      providerSubscriptionId: `sub_${randomUUID().slice(0, 12)}`,
      providerStatus: opts.providerStatus === undefined ? (status === "cancelled" ? "canceled" : status) : opts.providerStatus,
      providerCancelAtPeriodEnd: opts.cancelAtPeriodEnd ?? false,
      aiReadyOrderId: opts.aiReadyOrderId ?? null,
      createdAt,
    })
    .returning();
  return row!;
}

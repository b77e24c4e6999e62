import "server-only";
import { eq } from "drizzle-orm";
import { firstOwnerOf } from "@/features/accounts/account-owner";
import type { DbOrTx } from "@/lib/db";
import { aiReadyOrders, member, organization, subscriptions, user } from "@/db/schema";
import { findPlan, periodPrice } from "@/features/plans/catalogue";

/**
 * One subscription with what its e-mails say, and whom they go to: the
 * account's billing e-mail, else its first owner (issue 22). `firstName` is
 * the greeting's (none for a billing e-mail, which may be anyone's), and
 * `ownerFirstName` the owner's. Null when there is no such subscription.
 */
export async function subscriptionForEmail(tx: DbOrTx, which: { id: string } | { providerSubscriptionId: string }) {
  const [row] = await tx
    .select({
      id: subscriptions.id,
      accountId: subscriptions.accountId,
      accountName: organization.name,
      status: subscriptions.status,
      planId: subscriptions.planId,
      billing: subscriptions.billing,
      trialEnd: subscriptions.trialEnd,
      createdAt: subscriptions.createdAt,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      upcomingInvoiceAmount: subscriptions.upcomingInvoiceAmount,
      billingEmail: organization.billingEmail,
      ownerEmail: user.email,
      ownerFirstName: user.firstName,
      aiEmployeeName: aiReadyOrders.aiEmployeeName,
      aiPhoneNumber: aiReadyOrders.aiPhoneNumber,
    })
    .from(subscriptions)
    .innerJoin(organization, eq(organization.id, subscriptions.accountId))
    .leftJoin(member, firstOwnerOf(organization.id))
    .leftJoin(user, eq(user.id, member.userId))
    .leftJoin(aiReadyOrders, eq(aiReadyOrders.id, subscriptions.aiReadyOrderId))
    .where("id" in which ? eq(subscriptions.id, which.id) : eq(subscriptions.providerSubscriptionId, which.providerSubscriptionId))
    .limit(1);
  if (!row) return null;
  const email = row.billingEmail ?? row.ownerEmail;
  const plan = findPlan(row.planId);
  const price = plan ? periodPrice(plan, row.billing) : null;
  return { ...row, email, firstName: row.billingEmail ? null : row.ownerFirstName, plan, planName: plan?.name ?? row.planId, amount: row.upcomingInvoiceAmount ?? price };
}

import "server-only";
import { z } from "@/lib/zod";
import { type DbOrTx } from "@/lib/db";
import { defineJob, enqueueJob } from "@/lib/jobs";
import { logger } from "@/lib/logger";
import { badRequest, notFound } from "@/lib/http/errors";
import { deleteBusinessAccount, type AccountClosingSteps, type AccountDeletion } from "@/features/accounts/account-deletion.server";
import type { AuditActor } from "@/features/accounts/audit.server";
import { getProvider } from "@/features/billing/provider";
import { ProviderError } from "@/features/billing/provider/port";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { anonymiseAccountInteractions } from "@/features/interactions/retention.server";
import { accountNameConfirmationProblem } from "./delete-account-confirmation";
import { countAccountInvoices, liveSubscriptionsOf, markSubscriptionsEnding } from "@/features/billing/account-subscriptions.server";
import { revokeAccountApiKeys } from "@/features/interactions/api-keys.server";

/**
 * What deleting a business account does outside the accounts feature
 * (issue 22, ADR 0109): its live subscriptions are cancelled at the payment
 * provider through a durable job each, and its calls and messages are
 * anonymised. accounts/account-deletion.server.ts runs both inside its
 * transaction.
 */

/** The idempotency key of one subscription's cancellation, for the job and for the provider alike. */
export function deletionCancelKey(providerSubscriptionId: string): string {
  return `account-deleted-cancel-${providerSubscriptionId}`;
}

/**
 * Job: cancels one subscription of a deleted account at the provider. The
 * provider's port offers cancellation at the end of the current period (no
 * renewal, no further invoice; a trial ends unbilled), under a stable
 * idempotency key, so a repeated run repeats a harmless request. Then the
 * mirror is synced from the provider. A subscription the provider no longer
 * knows needs nothing more.
 * Registered by the server in instrumentation.ts.
 */
export const deletionCancelJob = defineJob({
  kind: "account-care.cancel-subscription",
  schema: z.object({ providerSubscriptionId: z.string().min(1), providerCustomerId: z.string().min(1) }),
  handler: async ({ providerSubscriptionId, providerCustomerId }) => {
    const provider = await getProvider();
    try {
      await provider.cancelAtPeriodEnd(providerSubscriptionId, deletionCancelKey(providerSubscriptionId));
    } catch (err) {
      if (err instanceof ProviderError && err.code === "resource_missing") {
        logger.warn({ providerSubscriptionId }, "deleted account's subscription unknown to the provider; nothing to cancel");
        return;
      }
      throw err;
    }
    await syncCustomerSubscriptions(providerCustomerId);
  },
});

/**
 * Enqueues the cancellation of each live subscription (in `tx`, so the jobs
 * exist exactly when the deletion commits) and marks it as ending with its
 * period, which is what the provider will say once the job has run.
 */
async function cancelSubscriptions(tx: DbOrTx, accountId: string, now: Date): Promise<number> {
  const live = await liveSubscriptionsOf(tx, accountId);
  for (const s of live) {
    await enqueueJob(
      tx,
      deletionCancelJob,
      { providerSubscriptionId: s.providerSubscriptionId, providerCustomerId: s.providerCustomerId },
      { idempotencyKey: deletionCancelKey(s.providerSubscriptionId) },
    );
  }
  if (live.length === 0) return 0;
  return markSubscriptionsEnding(
    tx,
    accountId,
    live.map((s) => s.id),
    now,
  );
}

/** The steps every account deletion takes (the route and a last member's login deletion). */
export const accountClosingSteps: AccountClosingSteps = {
  cancelSubscriptions,
  // The retention job's anonymiser, for this account's records.
  anonymiseInteractions: (tx, accountId, now) => anonymiseAccountInteractions(tx, accountId, now),
  revokeApiKeys: revokeAccountApiKeys,
  countInvoices: countAccountInvoices,
};

/** Deletes a business account (its owner asked, holding account.delete). */
export function closeBusinessAccount(accountId: string, actor: AuditActor): Promise<AccountDeletion | null> {
  return deleteBusinessAccount(accountId, actor, accountClosingSteps);
}

/**
 * DELETE /api/account: the caller's current account, once they typed its
 * name. 400 when the name does not match; 404 when it is gone already.
 */
export async function deleteAccountOnRequest(account: { id: string; name: string }, actor: AuditActor, confirm: string): Promise<AccountDeletion> {
  const problem = accountNameConfirmationProblem(account.name, confirm);
  if (problem) throw badRequest(problem);
  const deleted = await closeBusinessAccount(account.id, actor);
  if (!deleted) throw notFound("This business account no longer exists.");
  return deleted;
}

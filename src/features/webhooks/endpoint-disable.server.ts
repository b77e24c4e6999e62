import "server-only";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { ownersWithAccountName } from "@/features/accounts/account-reads.server";
import { config } from "@/lib/config";
import { formatDateTime } from "@/lib/format";
import { logger } from "@/lib/logger";
import { queueEmail } from "@/features/email/email.server";
import { endpointDisabledEmail } from "./endpoint-disabled-email";

export type DisableReason = "gone" | "failing";

/**
 * Turns an endpoint off because of its answers, inside `tx`: "gone" (it
 * answered 410) or "failing" (no success for 5 days). Its other pending
 * deliveries that no attempt holds fail with it. For "failing", every owner of
 * the account is e-mailed, once (the e-mail's key names the endpoint and the
 * failure run). Returns false when it was off already (nothing changes, no
 * e-mail).
 */
export async function disableEndpoint(
  tx: DbOrTx,
  endpoint: { id: string; accountId: string; url: string },
  reason: DisableReason,
  ctx: { now: Date; failingSince: Date | null; lastError: string },
): Promise<boolean> {
  const turnedOff = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: ctx.now })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (turnedOff.length === 0) return false;
  const failed = await tx
    .update(webhookDeliveries)
    .set({ status: "failed", nextAttemptAt: null, completedAt: ctx.now })
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending"), or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, ctx.now))))
    .returning({ id: webhookDeliveries.id });
  logger.warn({ endpointId: endpoint.id, accountId: endpoint.accountId, reason, pendingFailed: failed.length }, "webhook endpoint turned off");
  if (reason !== "failing") return true;

  const owners = await ownersWithAccountName(tx, endpoint.accountId);
  const since = ctx.failingSince ?? ctx.now;
  for (const owner of owners) {
    const message = await endpointDisabledEmail(
      { email: owner.email, firstName: owner.firstName, accountName: owner.accountName, endpointUrl: endpoint.url, failingSince: `${formatDateTime(since)} UTC`, lastError: ctx.lastError },
      config().baseUrl,
    );
    await queueEmail(tx, message, { key: `webhook-endpoint-disabled:${endpoint.id}:${since.toISOString()}:${owner.userId}` });
  }
  return true;
}

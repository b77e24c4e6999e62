import "server-only";
import { randomUUID } from "node:crypto";
import { getDb, type DbOrTx } from "@/lib/db";
import { auditEvents } from "@/db/schema";

/** What the audit log records (issue 22). */
export const AUDIT_ACTIONS = {
  "member.invited": "Invited a member",
  "member.invitation_resent": "Resent an invitation",
  "member.invitation_cancelled": "Cancelled an invitation",
  "member.joined": "Joined the account",
  "member.role_changed": "Changed a member's role",
  "member.removed": "Removed a member",
  "member.left": "Left the account",
  "subscription.started": "Started a subscription",
  "subscription.cancelled": "Cancelled a subscription",
  "subscription.renewed": "Subscription renewed",
  "spam.reported": "Reported spam",
  "settings.changed": "Changed settings",
  "api_key.created": "Created an API key",
  "api_key.revoked": "Revoked an API key",
  "webhook_endpoint.created": "Added a webhook endpoint",
  "webhook_endpoint.deleted": "Deleted a webhook endpoint",
  "webhook_endpoint.secret_rotated": "Rotated a webhook endpoint's secret",
  "sign_in.new_device": "Signed in from a new device",
  "account.deleted": "Deleted the account",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export type AuditActor = { id: string; email: string } | null;

/** Adds one entry to an account's audit log (in the caller's transaction when one is given). */
export async function recordAudit(entry: { accountId: string; actor: AuditActor; action: AuditAction; detail?: string }, tx?: DbOrTx): Promise<void> {
  const db = tx ?? (await getDb());
  await db.insert(auditEvents).values({
    id: randomUUID(),
    accountId: entry.accountId,
    actorUserId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    detail: entry.detail ?? "",
  });
}

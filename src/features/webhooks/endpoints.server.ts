import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { webhookEndpoints } from "@/db/schema";
import { lockAccount } from "@/features/accounts/account-reads.server";
import { config } from "@/lib/config";
import { ownedRow } from "@/lib/owned-row";
import { badRequest, conflict, notFound } from "@/lib/http/errors";
import { recordAudit, type AuditActor } from "@/features/accounts/audit.server";
import type { EndpointCreate, EndpointCreated, EndpointPatch, EndpointView, SecretRotated } from "./endpoint.schema";
import { checkEndpointUrl } from "./endpoint-url.server";
import { MAX_ENDPOINTS, PREVIOUS_SECRET_VALID_MS, type WebhookEventType } from "./event-types";
import { newEndpointSecret, sealEndpointSecret } from "./secrets.server";

/**
 * A business's webhook endpoints (issue 25, ADR 0127): the one scoping
 * helper, and listing, creating, changing, deleting them and rotating their
 * secrets. The secret is stored sealed and answered only by create and
 * rotate. The routes require integrations.manage (owners and managers).
 */

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";
export const TOO_MANY_ENDPOINTS = `An account can have at most ${MAX_ENDPOINTS} webhook endpoints`;

/**
 * THE scoping helper: the endpoint with this id that belongs to the account;
 * another account's, or an unknown id, answers 404 as if it did not exist.
 * With `forUpdate` (inside a transaction) the row stays locked until it ends.
 */
export async function ownedEndpoint(accountId: string, id: string, db?: DbOrTx, opts: { forUpdate?: boolean } = {}): Promise<EndpointRow> {
  return ownedRow(webhookEndpoints, { accountId, id }, ENDPOINT_NOT_FOUND, db, opts.forUpdate);
}

/** An endpoint as the API answers it: never a secret. */
export function endpointView(row: EndpointRow): EndpointView {
  const reason = row.disabledReason;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: reason === "gone" || reason === "failing" ? reason : null,
    failingSince: row.failingSince?.toISOString() ?? null,
    previousSecretExpiresAt: row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > Date.now() ? row.previousSecretExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The URL as stored, or 400 "url: …" (endpoint-url.server.ts). */
function acceptedUrl(raw: string): string {
  const checked = checkEndpointUrl(raw, config().OUTBOUND_ALLOW_HOSTS);
  if (!checked.ok) throw badRequest(`url: ${checked.problem}`);
  return checked.url;
}

/** GET /api/webhook-endpoints: the account's endpoints, oldest first. */
export async function listEndpoints(accountId: string): Promise<{ items: EndpointView[] }> {
  const db = await getDb();
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return { items: rows.map(endpointView) };
}

/**
 * POST /api/webhook-endpoints: a new endpoint and its secret (shown this
 * once). The account's row is locked while the endpoints are counted, so two
 * creates at once cannot both pass the limit.
 */
export async function createEndpoint(accountId: string, body: EndpointCreate, actor: AuditActor): Promise<EndpointCreated> {
  const url = acceptedUrl(body.url);
  const secret = newEndpointSecret();
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, accountId))) throw notFound("Account not found");
    const [{ n }] = (await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId))) as [{ n: number }];
    if (n >= MAX_ENDPOINTS) throw conflict(TOO_MANY_ENDPOINTS);
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({ id: randomUUID(), accountId, url, description: body.description, eventTypes: body.eventTypes, enabled: body.enabled, secret: sealEndpointSecret(secret) })
      .returning();
    await recordAudit({ accountId, actor, action: "webhook_endpoint.created", detail: url }, tx);
    return inserted!;
  });
  return { ...endpointView(row), secret };
}

/**
 * PATCH /api/webhook-endpoints/{id}. A new URL is checked again. Turning an
 * endpoint back on clears why the product turned it off and since when it
 * was failing; a person turning it off leaves no reason.
 */
export async function updateEndpoint(accountId: string, id: string, patch: EndpointPatch): Promise<EndpointView> {
  const url = patch.url === undefined ? undefined : acceptedUrl(patch.url);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await ownedEndpoint(accountId, id, tx, { forUpdate: true });
    const changes: Partial<EndpointRow> = { updatedAt: new Date() };
    if (url !== undefined) changes.url = url;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.eventTypes !== undefined) changes.eventTypes = patch.eventTypes;
    if (patch.enabled === true) Object.assign(changes, { enabled: true, disabledReason: null, failingSince: null, slowUntil: null, slowStepSeconds: 0 });
    if (patch.enabled === false) Object.assign(changes, { enabled: false, disabledReason: current.enabled ? null : current.disabledReason });
    const updated = await tx
      .update(webhookEndpoints)
      .set(changes)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
      .returning();
    if (updated.length !== 1) throw notFound(ENDPOINT_NOT_FOUND);
    return endpointView(updated[0]!);
  });
}

/** DELETE /api/webhook-endpoints/{id}: the endpoint, its deliveries and their attempts. */
export async function deleteEndpoint(accountId: string, id: string, actor: AuditActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
      .returning({ url: webhookEndpoints.url });
    if (deleted.length !== 1) throw notFound(ENDPOINT_NOT_FOUND);
    await recordAudit({ accountId, actor, action: "webhook_endpoint.deleted", detail: deleted[0]!.url }, tx);
  });
}

/**
 * POST /api/webhook-endpoints/{id}/rotate-secret: a new secret (answered
 * this once); the one it replaces stays valid, and deliveries are signed
 * with both, for PREVIOUS_SECRET_VALID_MS. A secret older than that is gone.
 */
export async function rotateEndpointSecret(accountId: string, id: string, actor: AuditActor, now = new Date()): Promise<SecretRotated> {
  const secret = newEndpointSecret();
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const current = await ownedEndpoint(accountId, id, tx, { forUpdate: true });
    const updated = await tx
      .update(webhookEndpoints)
      .set({ secret: sealEndpointSecret(secret), previousSecret: current.secret, previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_VALID_MS), updatedAt: now })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
      .returning();
    if (updated.length !== 1) throw notFound(ENDPOINT_NOT_FOUND);
    await recordAudit({ accountId, actor, action: "webhook_endpoint.secret_rotated", detail: current.url }, tx);
    return updated[0]!;
  });
  return { endpoint: endpointView(row), secret };
}

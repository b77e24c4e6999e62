import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { apiKeys, member, user } from "@/db/schema";
import { firstOwnerOf } from "@/features/accounts/account-owner";
import { recordAudit } from "@/features/accounts/audit.server";
import { keySource, type IngestSource } from "./ingest-source";
import { config } from "@/lib/config";
import { badRequest, HttpError, notFound } from "@/lib/http/errors";

/** The prefix of every ingestion key, so a leaked one is recognisable (secret scanners). */
const KEY_PREFIX = "hfk_";
const RATE_WINDOW_SECONDS = 60;

export type ApiKeyView = {
  id: string;
  name: string;
  keyPrefix: string;
  /** What the key may write: one platform integration (every AI employee), or one customer's AI employees. */
  scope: "platform" | "customer";
  platform: string | null;
  customerEmail: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** A platform integration's name: its records share one id space (`platform:<name>`). */
const PLATFORM_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

function toView(row: typeof apiKeys.$inferSelect, customerEmail: string | null): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    scope: row.scope,
    platform: row.scope === "platform" ? (row.platform ?? "default") : null,
    customerEmail: row.scope === "customer" ? customerEmail : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export type NewApiKey = { name?: unknown; scope?: unknown; platform?: unknown; customerEmail?: unknown };

/**
 * POST /api/admin/api-keys: a new key, shown this once; only its hash is
 * stored. Its scope (issue 21): `platform` (default) with an integration name
 * (default "default"), or `customer` with the customer's e-mail address.
 */
export async function createApiKey(
  input: NewApiKey,
  createdBy: string,
): Promise<{ id: string; name: string; key: string; scope: "platform" | "customer"; platform: string | null; customerEmail: string | null }> {
  const { name } = input;
  if (typeof name !== "string" || name.trim() === "") throw badRequest("name: enter a name for the key");
  if (name.trim().length > 100) throw badRequest("name: at most 100 characters");
  const scope = input.scope ?? "platform";
  if (scope !== "platform" && scope !== "customer") throw badRequest("scope: must be platform or customer");
  const db = await getDb();
  let platform: string | null = null;
  let scopeAccountId: string | null = null;
  let customerEmail: string | null = null;
  if (scope === "platform") {
    platform = input.platform === undefined || input.platform === "" ? "default" : (input.platform as string);
    if (typeof platform !== "string" || !PLATFORM_NAME.test(platform)) throw badRequest("platform: 1 to 40 lowercase letters, digits or dashes, e.g. retell");
  } else {
    if (typeof input.customerEmail !== "string" || input.customerEmail.trim() === "") throw badRequest("customerEmail: enter the customer's e-mail address");
    const email = input.customerEmail.trim().toLowerCase();
    // The business account this address owns (its oldest, when it owns several; issue 22).
    const [customer] = await db
      .select({ accountId: member.organizationId, email: user.email })
      .from(user)
      .innerJoin(member, and(eq(member.userId, user.id), eq(member.role, "owner")))
      .where(eq(user.email, email))
      .orderBy(asc(member.createdAt), asc(member.id))
      .limit(1);
    if (!customer) throw badRequest("customerEmail: no customer has this e-mail address");
    scopeAccountId = customer.accountId;
    customerEmail = customer.email;
  }
  const key = `${KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  const id = randomUUID();
  await db.insert(apiKeys).values({ id, name: name.trim(), keyHash: hashKey(key), keyPrefix: key.slice(0, KEY_PREFIX.length + 6), createdBy, scope, platform, scopeAccountId });
  if (scopeAccountId) await recordAudit({ accountId: scopeAccountId, actor: await actorOf(createdBy), action: "api_key.created", detail: `${name.trim()} (${key.slice(0, KEY_PREFIX.length + 6)}…)` });
  return { id, name: name.trim(), key, scope, platform, customerEmail };
}

/** GET /api/admin/api-keys: every key with its scope, newest first (never the key itself). */
export async function listApiKeys(): Promise<ApiKeyView[]> {
  const db = await getDb();
  const rows = await db
    .select({ key: apiKeys, email: user.email })
    .from(apiKeys)
    .leftJoin(member, firstOwnerOf(apiKeys.scopeAccountId))
    .leftJoin(user, eq(user.id, member.userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => toView(r.key, r.email));
}

/** DELETE /api/admin/api-keys/{id}: revokes the key (kept, so the records it sent still name it). */
export async function revokeApiKey(id: string, revokedBy?: string): Promise<ApiKeyView> {
  const db = await getDb();
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(eq(apiKeys.id, id))
    .returning();
  if (!row) throw notFound("API key not found");
  const [owner] = row.scopeAccountId ? await db.select({ email: user.email }).from(member).innerJoin(user, eq(user.id, member.userId)).where(firstOwnerOf(row.scopeAccountId)).limit(1) : [];
  if (row.scopeAccountId)
    await recordAudit({ accountId: row.scopeAccountId, actor: revokedBy ? await actorOf(revokedBy) : null, action: "api_key.revoked", detail: `${row.name} (${row.keyPrefix}…)` });
  return toView(row, owner?.email ?? null);
}

/**
 * Checks `Authorization: Bearer <key>` and counts the request against the
 * key's rate limit (a fixed one-minute window kept on the key's row, so every
 * instance shares it), in one statement. 401 for a missing, unknown or revoked
 * key; 429 with Retry-After past the limit. Runs before the request body is
 * read (route option beforeBody). Returns the key's source: where its records
 * belong and which AI employees it may write (issue 21).
 */
export async function authenticateApiKey(authorization: string | null): Promise<IngestSource> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  if (!match) throw new HttpError(401, "Missing API key: send Authorization: Bearer <key>");
  const db = await getDb();
  const fresh = sql`${apiKeys.windowStart} is null or ${apiKeys.windowStart} <= now() - make_interval(secs => ${RATE_WINDOW_SECONDS})`;
  const [row] = await db
    .update(apiKeys)
    .set({
      lastUsedAt: sql`now()`,
      windowStart: sql`case when ${fresh} then now() else ${apiKeys.windowStart} end`,
      windowCount: sql`case when ${fresh} then 1 else ${apiKeys.windowCount} + 1 end`,
    })
    .where(and(eq(apiKeys.keyHash, hashKey(match[1]!)), isNull(apiKeys.revokedAt)))
    .returning({
      id: apiKeys.id,
      scope: apiKeys.scope,
      platform: apiKeys.platform,
      scopeAccountId: apiKeys.scopeAccountId,
      count: apiKeys.windowCount,
      retryAfter: sql<number>`ceil(extract(epoch from (${apiKeys.windowStart} + make_interval(secs => ${RATE_WINDOW_SECONDS}) - now())))::int`,
    });
  if (!row) throw new HttpError(401, "Invalid or revoked API key");
  const limit = config().INGEST_RATE_LIMIT_PER_MINUTE;
  if (row.count > limit) {
    throw new HttpError(429, `Rate limit: at most ${limit} requests a minute per API key`, { "Retry-After": String(Math.max(1, row.retryAfter)) });
  }
  return keySource(row);
}

/** The operator who created or revoked a key, for the account's audit log. */
async function actorOf(userId: string): Promise<{ id: string; email: string } | null> {
  const db = await getDb();
  const [row] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row ?? null;
}

/** Revokes a deleted account's customer API keys (in the deletion's transaction); the number revoked. */
export async function revokeAccountApiKeys(tx: DbOrTx, accountId: string, now: Date): Promise<number> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.scopeAccountId, accountId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length;
}

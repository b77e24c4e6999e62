import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { apiKeys } from "@/db/schema";
import { config } from "@/lib/config";
import { badRequest, HttpError, notFound } from "@/lib/http/errors";

/** The prefix of every ingestion key, so a leaked one is recognisable (secret scanners). */
const KEY_PREFIX = "hfk_";
const RATE_WINDOW_SECONDS = 60;

export type ApiKeyView = { id: string; name: string; keyPrefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };

function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

function toView(row: typeof apiKeys.$inferSelect): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** POST /api/admin/api-keys: a new key, shown this once; only its hash is stored. */
export async function createApiKey(name: unknown, createdBy: string): Promise<{ id: string; name: string; key: string }> {
  if (typeof name !== "string" || name.trim() === "") throw badRequest("name: enter a name for the key");
  if (name.trim().length > 100) throw badRequest("name: at most 100 characters");
  const key = `${KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  const id = randomUUID();
  const db = await getDb();
  await db.insert(apiKeys).values({ id, name: name.trim(), keyHash: hashKey(key), keyPrefix: key.slice(0, KEY_PREFIX.length + 6), createdBy });
  return { id, name: name.trim(), key };
}

/** GET /api/admin/api-keys: every key, newest first (never the key itself). */
export async function listApiKeys(): Promise<ApiKeyView[]> {
  const db = await getDb();
  return (await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))).map(toView);
}

/** DELETE /api/admin/api-keys/{id}: revokes the key (kept, so the records it sent still name it). */
export async function revokeApiKey(id: string): Promise<ApiKeyView> {
  const db = await getDb();
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(eq(apiKeys.id, id))
    .returning();
  if (!row) throw notFound("API key not found");
  return toView(row);
}

/**
 * Checks `Authorization: Bearer <key>` and counts the request against the
 * key's rate limit (a fixed one-minute window kept on the key's row, so every
 * instance shares it), in one statement. 401 for a missing, unknown or revoked
 * key; 429 with Retry-After past the limit. Returns the key's id.
 */
export async function authenticateApiKey(authorization: string | null): Promise<string> {
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
    .returning({ id: apiKeys.id, count: apiKeys.windowCount, retryAfter: sql<number>`ceil(extract(epoch from (${apiKeys.windowStart} + make_interval(secs => ${RATE_WINDOW_SECONDS}) - now())))::int` });
  if (!row) throw new HttpError(401, "Invalid or revoked API key");
  const limit = config().INGEST_RATE_LIMIT_PER_MINUTE;
  if (row.count > limit) {
    throw new HttpError(429, `Rate limit: at most ${limit} requests a minute per API key`, { "Retry-After": String(Math.max(1, row.retryAfter)) });
  }
  return row.id;
}

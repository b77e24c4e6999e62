/**
 * Where a batch of records comes from (issue 21). A record's `id` is the
 * sender's, unique within its source only: `platform:<integration>` for a
 * platform key or a platform's webhook, `customer:<user id>` for a key issued
 * to one customer. A customer source may write only that customer's AI
 * employees.
 */
export type IngestSource = {
  source: "api" | "retell";
  sourceKey: string;
  apiKeyId: string | null;
  /** Set for a customer key: records for any other customer's AI employee are rejected. */
  customerUserId: string | null;
};

/** Retell's call webhook: the Retell integration of the operator's platform. */
export const RETELL_SOURCE: IngestSource = { source: "retell", sourceKey: "platform:retell", apiKeyId: null, customerUserId: null };

/** The operator's own default integration (keys made before issue 21, the demo seed). */
export const DEFAULT_PLATFORM_SOURCE: IngestSource = { source: "api", sourceKey: "platform:default", apiKeyId: null, customerUserId: null };

/** The source of a key by its scope. */
export function keySource(key: { id: string; scope: "platform" | "customer"; platform: string | null; scopeUserId: string | null }): IngestSource {
  if (key.scope === "customer") return { source: "api", sourceKey: `customer:${key.scopeUserId}`, apiKeyId: key.id, customerUserId: key.scopeUserId };
  return { source: "api", sourceKey: `platform:${key.platform ?? "default"}`, apiKeyId: key.id, customerUserId: null };
}

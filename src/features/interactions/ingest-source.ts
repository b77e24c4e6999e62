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
  customerAccountId: string | null;
};

/** Retell's call webhook: the Retell integration of the operator's platform. */
export const RETELL_SOURCE: IngestSource = { source: "retell", sourceKey: "platform:retell", apiKeyId: null, customerAccountId: null };

/** The operator's own default integration (keys made before issue 21, the demo seed). */
export const DEFAULT_PLATFORM_SOURCE: IngestSource = { source: "api", sourceKey: "platform:default", apiKeyId: null, customerAccountId: null };

/** The source of a key by its scope. */
export function keySource(key: { id: string; scope: "platform" | "customer"; platform: string | null; scopeAccountId: string | null }): IngestSource {
  if (key.scope === "customer") return { source: "api", sourceKey: `customer:${key.scopeAccountId}`, apiKeyId: key.id, customerAccountId: key.scopeAccountId };
  return { source: "api", sourceKey: `platform:${key.platform ?? "default"}`, apiKeyId: key.id, customerAccountId: null };
}

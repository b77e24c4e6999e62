import "server-only";
import { listApiKeys } from "@/features/interactions/api-keys.server";

export type ApiKeysScreenData = { keys: Awaited<ReturnType<typeof listApiKeys>> };

/** /admin/api-keys: the ingestion keys (their prefixes, never the secrets). */
export async function loadApiKeysScreen(): Promise<ApiKeysScreenData> {
  return { keys: await listApiKeys() };
}

// Types of page-cache-handler.mjs, for the tests that use it.
export default class PageCacheHandler {
  get(key: string): Promise<{ value: unknown; lastModified: number; tags: string[] } | null>;
  set(key: string, data: unknown, ctx?: { tags?: string[] }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}

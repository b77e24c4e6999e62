// The response cache of this server's prerendered pages (next.config.ts
// `cacheHandler`; ADR 0098). It lives in the process's memory and is empty
// when the server starts, so each prerendered page is rendered once more on
// its first request after start, with the configuration this server runs
// with: PUBLIC_BASE_URL in canonical, Open Graph, JSON-LD and sitemap URLs,
// SCHEDULING_URL, CONTACT_FORM_ACTION. The build's copies, made with the build
// machine's environment, are never served. After that first render a page is
// served from memory until its `revalidate` time, then rendered again in the
// background while the old copy is still served (Next's ISR).
//
// Every instance keeps its own copy: the pages hold nothing per user or per
// instance, so they agree without sharing a store.

/** Entries kept; the public site has a dozen pages and their RSC payloads. */
const MAX_ENTRIES = 500;

/** key -> { value, lastModified, tags }, oldest use first (Map order). */
const store = new Map();

export default class PageCacheHandler {
  async get(key) {
    const entry = store.get(key);
    if (!entry) return null;
    store.delete(key);
    store.set(key, entry);
    return entry;
  }

  async set(key, data, ctx) {
    store.delete(key);
    if (data === null) return;
    store.set(key, { value: data, lastModified: Date.now(), tags: tagsOf(data, ctx) });
    while (store.size > MAX_ENTRIES) store.delete(store.keys().next().value);
  }

  /** revalidateTag and revalidatePath: drop every entry carrying one of the tags. */
  async revalidateTag(tags) {
    const wanted = new Set([tags].flat());
    for (const [key, entry] of store) if (entry.tags.some((t) => wanted.has(t))) store.delete(key);
  }

  resetRequestCache() {}
}

/** Page entries carry their tags in a header; fetch entries in the context. */
function tagsOf(data, ctx) {
  const header = data?.headers?.["x-next-cache-tags"];
  return [...(ctx?.tags ?? []), ...(typeof header === "string" ? header.split(",") : [])];
}

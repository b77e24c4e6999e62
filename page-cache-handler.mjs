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
//
// It also publishes the HTML of each page it holds, by path, for the page's
// Content-Security-Policy: proxy.ts allows exactly the inline scripts of the
// copies listed here (src/lib/http/served-page-scripts.ts, ADR 0009).

/** Entries kept; the public site has a dozen pages and their RSC payloads. */
const MAX_ENTRIES = 500;

/**
 * How long a changed copy of a page waits, once its scripts are allowed,
 * before it replaces the old copy: far longer than a request takes from
 * proxy.ts, which wrote its policy, to this cache. Only background re-renders
 * wait (the old copy is served meanwhile).
 */
const SWAP_DELAY_MS = 5_000;

/** key -> { value, lastModified, tags }, oldest use first (Map order). */
const store = new Map();

/** path -> { html: [served copy, previous copy?] }; read by src/lib/http/served-page-scripts.ts under the same key. */
const servedPages = (globalThis[Symbol.for("ai-employees.served-page-html")] ??= new Map());

export default class PageCacheHandler {
  async get(key) {
    const entry = store.get(key);
    if (!entry) return null;
    store.delete(key);
    store.set(key, entry);
    return entry;
  }

  async set(key, data, ctx) {
    const path = pagePath(key);
    if (path && data?.kind === "APP_PAGE" && typeof data.html === "string") {
      if (!(await publish(path, data.html, store.has(key)))) return;
    } else if (path) servedPages.delete(path);
    store.delete(key);
    if (data === null) return;
    store.set(key, { value: data, lastModified: Date.now(), tags: tagsOf(data, ctx) });
    while (store.size > MAX_ENTRIES) remove(store.keys().next().value);
  }

  /** revalidateTag and revalidatePath: drop every entry carrying one of the tags. */
  async revalidateTag(tags) {
    const wanted = new Set([tags].flat());
    for (const [key, entry] of store) if (entry.tags.some((t) => wanted.has(t))) remove(key);
  }

  resetRequestCache() {}
}

/**
 * Lists a page's new copy beside the one served now, so that both may run
 * their scripts; when the old copy is being served, keeps serving it for
 * SWAP_DELAY_MS, so no request whose policy predates the new copy is served it.
 * False when the page was dropped or rendered again meanwhile: then this copy
 * is not stored.
 */
async function publish(path, html, replacing) {
  const before = servedPages.get(path)?.html[0];
  if (before === html) return true;
  servedPages.set(path, { html: before === undefined ? [html] : [html, before] });
  if (before === undefined || !replacing) return true;
  await new Promise((resolve) => setTimeout(resolve, SWAP_DELAY_MS));
  return servedPages.get(path)?.html[0] === html;
}

/** Drops an entry and, for a page, its published HTML: until it is rendered again, its policy falls back (ADR 0009). */
function remove(key) {
  if (store.delete(key) && pagePath(key)) servedPages.delete(pagePath(key));
}

/**
 * The path a page entry's key names: Next keys pages
 * `/route-cache/APP_PAGE/<route hash>/$<page path>`, with `/` as `/index`
 * (normalizePagePath). Null for other entries.
 */
function pagePath(key) {
  const at = key.indexOf("/$/");
  if (!key.startsWith("/route-cache/APP_PAGE/") || at < 0) return null;
  const page = key.slice(at + 2);
  if (page === "/index") return "/";
  return page.startsWith("/index/") ? page.slice("/index".length) : page;
}

/** Page entries carry their tags in a header; fetch entries in the context. */
function tagsOf(data, ctx) {
  const header = data?.headers?.["x-next-cache-tags"];
  return [...(ctx?.tags ?? []), ...(typeof header === "string" ? header.split(",") : [])];
}

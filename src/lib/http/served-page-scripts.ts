import "server-only";
import { inlineScriptHashes } from "./inline-scripts";

/**
 * Where page-cache-handler.mjs publishes the HTML of each prerendered page it
 * serves, by path: the copy it serves now and, after a re-render, the one
 * before it (ADR 0009). The same key is written there; both run in the
 * server's one process.
 */
const SERVED_PAGES = Symbol.for("ai-employees.served-page-html");

type ServedPage = { readonly html: readonly string[] };

const hashesOf = new WeakMap<ServedPage, string[]>();

/**
 * The `'sha256-…'` sources of every inline script the page at `pathname` may
 * be served with, or null while this process has not rendered that page
 * (first request after start, a page rendered per request, an unknown path).
 * Hashed once per copy.
 */
export function servedScriptHashes(pathname: string): string[] | null {
  const registry = (globalThis as { [SERVED_PAGES]?: Map<string, ServedPage> })[SERVED_PAGES];
  const page = registry?.get(pathname);
  if (!page) return null;
  let hashes = hashesOf.get(page);
  if (!hashes) {
    hashes = [...new Set(page.html.flatMap(inlineScriptHashes))];
    hashesOf.set(page, hashes);
  }
  return hashes;
}

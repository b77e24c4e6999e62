import "server-only";

/**
 * A path on this site to send the browser to, or null. The value is parsed
 * with `new URL` against the site, as a browser would resolve it, and only a
 * result on the same origin is kept; control characters (a browser drops
 * tabs and newlines, so "/\t/evil.example" becomes "//evil.example") and
 * backslashes are refused before parsing. Absolute URLs on our own origin
 * are accepted and reduced to their path.
 *
 * What is returned is always the parsed URL's normalised pathname, search
 * and hash, never the input: parsing resolves dot segments, so "/.//evil"
 * becomes the path "//evil", which a browser reads as another host.
 * Any path that starts with "//" or "/\", also with the second character
 * percent-encoded ("/%2F/evil", "/%5Cevil"), or holds a percent-encoded
 * control character, is refused.
 */
const SITE = "http://same-origin.invalid";

export function sameOriginPath(raw: string | null | undefined, siteOrigin?: string): string | null {
  if (!raw || raw.length > 2000) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let value = raw;
  if (siteOrigin && value.startsWith(siteOrigin + "/")) value = value.slice(siteOrigin.length);
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE || readsAsAnotherHost(url.pathname) || /%(?:[01][0-9a-f]|7f)/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** "//host" or "/\host", also with the second character percent-encoded ("/%2Fhost", "/%5Chost"). */
function readsAsAnotherHost(pathname: string): boolean {
  return /^\/(?:[/\\]|%2f|%5c)/i.test(pathname);
}

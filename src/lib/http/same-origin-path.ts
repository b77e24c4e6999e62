import "server-only";

/**
 * A path on this site to send the browser to, or null. The value is parsed
 * with `new URL` against the site, as a browser would resolve it, and only a
 * result on the same origin is kept; control characters (a browser drops
 * tabs and newlines, so "/\t/evil.example" becomes "//evil.example") and
 * backslashes are refused before parsing. Absolute URLs on our own origin
 * are accepted and reduced to their path.
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
  if (url.origin !== SITE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

import { createHash } from "node:crypto";

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts an HTML document runs,
 * each once, in the order they first appear (ADR 0009). Scripts with a `src`
 * are left out (`'self'` covers them), and so are data blocks such as JSON-LD
 * (`type="application/ld+json"`): a browser never runs them, so CSP does not
 * apply to them.
 *
 * Reads HTML as Next.js and React write it, whose inline scripts escape `<`;
 * not a general HTML parser.
 */
export function inlineScriptHashes(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attrs, text] of html.matchAll(SCRIPT)) {
    const attributes = attributesOf(attrs!);
    // An empty script is never run, so it needs no hash either.
    if (attributes.has("src") || !runsAsScript(attributes.get("type")) || text === "") continue;
    sources.add(scriptHashSource(text!));
  }
  return [...sources];
}

/** `'sha256-…'` of a script's text, as the browser reads it: the HTML parser turns CR LF and lone CR into LF, and NUL into U+FFFD. */
export function scriptHashSource(text: string): string {
  const parsed = text.replace(/\r\n?/g, "\n").replace(/\0/g, "\uFFFD");
  return `'sha256-${createHash("sha256").update(parsed, "utf8").digest("base64")}'`;
}

/** A start tag (attribute values may hold `>`), the raw text, and the end tag. */
const SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script[\s/>]/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function attributesOf(attrs: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, name, dq, sq, bare] of attrs.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    if (!map.has(key)) map.set(key, dq ?? sq ?? bare ?? "");
  }
  return map;
}

/** The HTML standard's script types (classic, module, import map, speculation rules); anything else is a data block. */
const JAVASCRIPT_TYPE = /^(?:(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/javascript1\.[0-5]|text\/jscript|text\/livescript)$/;
const OTHER_RUNNING_TYPES = new Set(["", "module", "importmap", "speculationrules"]);

function runsAsScript(type: string | undefined): boolean {
  if (type === undefined) return true;
  const t = type.trim().toLowerCase();
  return OTHER_RUNNING_TYPES.has(t) || JAVASCRIPT_TYPE.test(t);
}

import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Relative links in Markdown files and whether they resolve: the file (or folder)
 * exists and, for `file.md#anchor`, the anchor is a heading of that file (GitHub's
 * slugs) or an explicit `<a id>`. Used by the docs tests; code blocks and inline code
 * are not links.
 */

export type MarkdownLink = { file: string; line: number; target: string };

/** Markdown files under a folder, recursively, sorted. */
export function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...markdownFiles(full));
    else if (name.endsWith(".md")) out.push(full);
  }
  return out;
}

const blank = (s: string) => s.replace(/[^\n]/g, " ");

/** The text with fenced code blocks blanked (line numbers kept). */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, blank);
}

/** The text with fenced code blocks and inline code blanked (line numbers kept). */
function withoutCode(text: string): string {
  return withoutFences(text).replace(/(`+)[^`\n][\s\S]*?\1/g, blank);
}

/** Inline links and images, `[text](target)` / `![alt](target "title")`, with their line. */
export function linksIn(file: string): MarkdownLink[] {
  const text = withoutCode(readFileSync(file, "utf8"));
  const links: MarkdownLink[] = [];
  const re = /!?\[(?:[^\]\n]|\][^(\n])*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+"[^"\n]*")?\s*\)/g;
  for (const m of text.matchAll(re)) {
    const raw = m[1]!;
    const target = raw.startsWith("<") ? raw.slice(1, -1) : raw;
    links.push({ file, line: text.slice(0, m.index).split("\n").length, target });
  }
  return links;
}

/** GitHub's heading id: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  const plain = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase();
  return plain.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Every anchor a Markdown file offers: heading slugs (repeats numbered as GitHub does) and `<a id|name>`. */
export function anchorsOf(file: string): Set<string> {
  const text = withoutFences(readFileSync(file, "utf8"));
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(m[1]!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Why a link does not resolve, or null when it does (external links are not checked). */
export function brokenReason(link: MarkdownLink): string | null {
  if (EXTERNAL.test(link.target) || link.target.startsWith("//")) return null;
  const [rawPath, anchor] = link.target.split("#", 2) as [string, string | undefined];
  const filePath = decodeURIComponent(rawPath);
  const resolved = filePath === "" ? link.file : path.resolve(path.dirname(link.file), filePath);
  if (!existsSync(resolved)) return `${filePath} does not exist`;
  if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(decodeURIComponent(anchor))) {
    return `${path.basename(resolved)} has no heading #${anchor}`;
  }
  return null;
}

#!/usr/bin/env node
/**
 * Writes public/icons.svg, one <symbol> per icon the public pages draw (from
 * lucide-react's own drawings), and src/lib/ui/icon-sprite.ts, the sprite's
 * URL with a hash of its content and the names it holds (ADR 0155). Pages
 * draw an icon as <svg><use href="/icons.svg?v=<hash>#Name"/></svg>, a few
 * bytes instead of the whole drawing, and the browser keeps the sprite for a
 * year (next.config.ts): a changed sprite has a new hash, hence a new URL.
 * Usage: node scripts/make-icon-sprite.mjs (after changing ICONS below);
 *        node scripts/make-icon-sprite.mjs --check fails if the files are stale.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import * as prettier from "prettier";

/** The icons, by lucide-react's component name (space-separated); `filled` draws a filled copy as `<Name>Filled` (the rating stars). */
const ICONS =
  "ArrowRight Bot CalendarCheck CalendarClock Check ChevronDown CircleCheck Clock CreditCard ExternalLink FileText Gauge House Landmark LoaderCircle Lock Mail Menu MessageCircle MessageSquare Phone PhoneCall PhoneForwarded Settings Share2 ShieldCheck Sparkles Wrench X Zap".split(
    " ",
  );
const FILLED = ["Star"];

const root = path.resolve(import.meta.dirname, "..");
const spriteFile = path.join(root, "public/icons.svg");
const moduleFile = path.join(root, "src/lib/ui/icon-sprite.ts");

/** An icon's drawing: the elements inside lucide's <svg>. */
function drawing(name) {
  const svg = renderToStaticMarkup(createElement(lucide[name]));
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1];
  if (!inner) throw new Error(`lucide-react has no icon ${name}`);
  return inner;
}

const STROKE = 'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const symbol = (id, fill, inner) => `<symbol id="${id}" viewBox="0 0 24 24"><g fill="${fill}" ${STROKE}>${inner}</g></symbol>`;

/** The sprite's text and the module that names its URL and icons. */
async function iconSprite() {
  const symbols = [...ICONS.map((n) => symbol(n, "none", drawing(n))), ...FILLED.map((n) => symbol(`${n}Filled`, "currentColor", drawing(n)))];
  const names = [...ICONS, ...FILLED.map((n) => `${n}Filled`)];
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
  const hash = createHash("sha256").update(sprite).digest("hex").slice(0, 10);
  const source = [
    "// Written by scripts/make-icon-sprite.mjs: do not edit (ADR 0155).",
    "",
    "/** The icon sprite's URL: its hash changes with its content, so it is cached for a year. */",
    `export const ICON_SPRITE = "/icons.svg?v=${hash}";`,
    "",
    "/** The icons the sprite holds (lucide-react's names; `StarFilled` is a filled star). */",
    `export const ICON_NAMES = ${JSON.stringify(names)} as const;`,
    "",
    "export type IconName = (typeof ICON_NAMES)[number];",
    "",
  ].join("\n");
  const options = await prettier.resolveConfig(moduleFile);
  return { sprite, source: await prettier.format(source, { ...options, filepath: moduleFile }) };
}

if (process.argv[1] === import.meta.filename) {
  const { sprite, source } = await iconSprite();
  if (process.argv.includes("--check")) {
    const stale = [spriteFile, moduleFile].filter((f, i) => readFileSync(f, "utf8") !== [sprite, source][i]);
    if (stale.length) {
      console.error(`Stale: ${stale.map((f) => path.relative(root, f)).join(", ")}. Run node scripts/make-icon-sprite.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(spriteFile, sprite);
    writeFileSync(moduleFile, source);
    console.log(`public/icons.svg: ${sprite.length} bytes, ${ICONS.length + FILLED.length} icons`);
  }
}

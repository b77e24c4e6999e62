#!/usr/bin/env node
/**
 * Writes app/fonts/geist-sans-latin.woff2: the Geist Sans variable font (the
 * `geist` package, SIL Open Font License) cut down to the characters the site
 * is written in, with every weight kept: Basic Latin, Latin-1 and the
 * punctuation, currency and arrow signs of the copy. The full font is 69 KB,
 * this one 31 KB, on every first visit (ADR 0102). A character outside it
 * (a customer's name in another script) is drawn by the fallback font.
 * Usage: node scripts/make-font-subset.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";

const require = createRequire(import.meta.url);
const source = path.join(path.dirname(require.resolve("geist/font/sans")), "fonts/geist-sans/Geist-Variable.woff2");
const target = path.join(import.meta.dirname, "../app/fonts/geist-sans-latin.woff2");

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");
const characters = range(0x20, 0x7e) + range(0xa0, 0xff) + "–—‘’‚“”„•…‹›€™→←↑↓×÷≤≥−✓";

const full = readFileSync(source);
const subset = await subsetFont(full, characters, { targetFormat: "woff2" });
writeFileSync(target, subset);
console.log(`${path.relative(process.cwd(), target)}: ${subset.length} bytes (from ${full.length})`);

#!/usr/bin/env node
// Summarises a V8 CPU profile (`node --cpu-prof`, a .cpuprofile JSON file):
// self time per function and per group (React render, RSC serialization,
// better-auth, drizzle, pg, crypto, ...), each function placed in its original
// source through the bundle's source map (node:module's SourceMap; no
// dependency). Used by `npm run bench:pages:signed-in -- --profile`; alone:
//   node scripts/bench-cpu-profile.mjs <file.cpuprofile> [--top=N]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where a function's original source says it belongs, first match wins. */
const GROUPS = [
  [/^\((garbage collector)\)$/, "V8 garbage collector"],
  [/^\((program)\)$/, "V8 (program: compiling, native)"],
  [/^write(v|Utf8String|Latin1String|Buffer)?$/, "Node http and streams"],
  [/^runMicrotasks$/, "promise jobs (runMicrotasks)"],
  [/react-server-dom-[a-z]+-server\./, "RSC serialization (React Flight server)"],
  [/react-server-dom-[a-z]+-client\./, "RSC decoding for the HTML (React Flight client)"],
  [/react-dom-server\./, "React render to HTML (Fizz)"],
  [/react(-dom)?\/cjs\//, "React (other)"],
  [/better-auth|better-call|@better-fetch/, "better-auth"],
  [/^drizzle-orm\//, "drizzle-orm"],
  [/^pg(-protocol|-pool|-types|-connection-string)?\//, "pg (driver)"],
  [/@noble|node:crypto|internal\/crypto|^jose\//, "crypto"],
  [/^zod\//, "zod"],
  [/^next\/(dist\/)?(esm\/)?(src\/)?(server|compiled\/next-server)\//, "Next.js server (routing, app render)"],
  [/^next\/|^\[turbopack\]/, "Next.js (other) and the Turbopack runtime"],
  [/^node:internal\/(http|_http|streams?|webstreams)|^node:(_http|http|net|stream)/, "Node http and streams"],
  [/^node:/, "Node (other built-ins)"],
  [/^(src|app)\//, "the app's own code"],
];

/** Self time (ms) per function and group over the samples in [from, to] (µs, the profile's clock; default all). */
export function summarise(profile, { from = -Infinity, to = Infinity, distDir } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  let t = profile.startTime;
  let windowUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (t < from || t > to) continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    windowUs += dt;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + dt);
  }
  const maps = new Map();
  const functions = new Map();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id).callFrame;
    if (frame.functionName === "(idle)") {
      idleUs += us;
      continue;
    }
    const where = original(frame, maps, distDir);
    const key = `${where.name}\u0000${where.source}`;
    const f = functions.get(key) ?? { name: where.name, source: where.source, group: group(where), us: 0 };
    f.us += us;
    functions.set(key, f);
  }
  const busyUs = windowUs - idleUs;
  const groups = new Map();
  for (const f of functions.values()) groups.set(f.group, (groups.get(f.group) ?? 0) + f.us);
  return {
    windowMs: windowUs / 1000,
    busyMs: busyUs / 1000,
    functions: [...functions.values()].sort((a, b) => b.us - a.us).map((f) => ({ ...f, ms: f.us / 1000, share: f.us / busyUs })),
    groups: [...groups].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, ms: us / 1000, share: us / busyUs })),
  };
}

/** The function's original name and source: through the source map beside a bundled file, else as V8 saw it. */
function original(frame, maps, distDir) {
  const name = frame.functionName || "(anonymous)";
  if (!frame.url) return { name, source: name.startsWith("(") ? name : "(native)" };
  if (!frame.url.startsWith("file://")) return { name, source: frame.url };
  const file = fileURLToPath(frame.url);
  if (!maps.has(file)) maps.set(file, loadMap(file));
  const map = maps.get(file);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  const source = entry?.originalSource ? cleanSource(entry.originalSource, file) : packagePath(file);
  const mapped = entry?.name && name.length <= 2 ? entry.name : name;
  return { name: mapped, source: distDir && source.includes(distDir) ? source.slice(source.indexOf(distDir)) : source };
}

function loadMap(file) {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return null;
  try {
    return new SourceMap(JSON.parse(readFileSync(mapFile, "utf8")));
  } catch {
    return null;
  }
}

/** A file's path from its package ("pg/lib/client.js"), or from the project. */
function packagePath(file) {
  const i = file.lastIndexOf("node_modules/");
  return i >= 0 ? file.slice(i + "node_modules/".length) : path.relative(process.cwd(), file);
}

/**
 * An original source as a path from its package or the project: without the
 * "turbopack:///[project]/" or "webpack://" prefix and leading "../", and with
 * the package's name when the map beside a package's file names its own "src/".
 */
function cleanSource(source, file) {
  const clean = decodeURIComponent(source)
    .replace(/^(turbopack|webpack):\/\/\/?(\[project\]\/)?/, "")
    .replace(/\/\.\//g, "/")
    .replace(/^(\.\.?\/)+/, "");
  // drizzle-orm alone ships maps to "../src/*.ts", which the bundle's map joins without the package's name.
  if (clean.startsWith("node_modules/src/")) return `drizzle-orm/${clean.slice("node_modules/".length)}`;
  if (clean.includes("node_modules/")) return clean.slice(clean.lastIndexOf("node_modules/") + "node_modules/".length);
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)\//.exec(file.slice(file.lastIndexOf("node_modules/") - 1))?.[1];
  return pkg && file.includes("node_modules/") && !clean.startsWith(`${pkg}/`) ? `${pkg}/${clean}` : clean;
}

function group({ name, source }) {
  const subject = source.startsWith("(") ? name : source;
  if (source === "(native)" && !GROUPS.some(([re]) => re.test(name))) return "V8 built-ins (native)";
  return GROUPS.find(([re]) => re.test(subject))?.[1] ?? (source.startsWith("(") ? "other" : "other packages");
}

/** The newest .cpuprofile in `dir`. */
export function newestProfile(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  if (!files.length) throw new Error(`no .cpuprofile in ${dir}`);
  return path.join(dir, files.sort().at(-1));
}

/** Markdown lines: the heaviest functions and the groups, over the last `windowMs` before the last `tailMs` of the profile. */
export function profileLines(profile, { top = 10, windowMs, tailMs = 0, distDir } = {}) {
  const to = windowMs ? profile.endTime - tailMs * 1000 : Infinity;
  const from = windowMs ? to - windowMs * 1000 : -Infinity;
  const s = summarise(profile, { from, to, distDir });
  const pct = (x) => `${(100 * x).toFixed(1)} %`;
  const cell = (v) => String(v).replace(/\|/g, "\\|");
  return [
    `Main thread busy ${Math.round(s.busyMs).toLocaleString("en-US")} ms of ${Math.round(s.windowMs).toLocaleString("en-US")} ms sampled (${pct(s.busyMs / s.windowMs)}); shares below are of the busy time.`,
    "",
    `| # | Function (self time) | Original source | Group | Self time | Share |`,
    "|---|---|---|---|---|---|",
    ...s.functions.slice(0, top).map((f, i) => `| ${i + 1} | \`${cell(f.name)}\` | ${cell(f.source)} | ${f.group} | ${Math.round(f.ms).toLocaleString("en-US")} ms | ${pct(f.share)} |`),
    "",
    "| Group (all functions) | Self time | Share |",
    "|---|---|---|",
    ...s.groups.map((g) => `| ${g.name} | ${Math.round(g.ms).toLocaleString("en-US")} ms | ${pct(g.share)} |`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  const top = Number(process.argv.find((a) => a.startsWith("--top="))?.slice(6) ?? 10);
  console.log(profileLines(JSON.parse(readFileSync(file, "utf8")), { top }).join("\n"));
}

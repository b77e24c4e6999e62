#!/usr/bin/env node
// npm run simulate:calls -- --key hfk_... [--url http://localhost:3000]
//   [--ai-employee <orderId> | --ai-phone <number>] [--days 1] [--per-day 40] [--seed 1]
//   [--end <ISO time>] [--trade plumbing|hvac|dental] [--recordings-url <URL>]
//
// Posts a realistic day (or --days days) of an AI employee's calls, texts and
// chats through the public ingestion API (POST /api/v1/interactions, issue 13)
// with an API key from /admin/api-keys. The traffic comes from the seed
// (scripts/simulated-traffic.mjs) and ends now, or at --end.
// Re-runs: with --seed the ids are the seed's own (sim-<seed>-<AI employee>-<n>,
// whatever the time), so running the same command again sends the same ids,
// which the API answers as duplicates: nothing is stored twice. Without
// --seed a new seed is drawn (and printed) for fresh traffic.
// --url may name the server as http://localhost:<port> or http://127.0.0.1:<port>:
// the sample recordings link to the server's own public address (read from its
// /robots.txt), the only plain-http address the API accepts for recordings.
// Exit status: 0 when every batch was accepted, 1 on a bad option or an HTTP
// error (with the server's message), 2 when some records were rejected.

import { parseArgs } from "node:util";
import { batches, simulatedTraffic } from "./simulated-traffic.mjs";

const USAGE = `Usage: npm run simulate:calls -- --key hfk_... [--url http://localhost:3000]
  (--ai-employee <orderId> | --ai-phone <number>) [--days 1] [--per-day 40] [--seed 1]
  [--end <ISO time>] [--trade plumbing|hvac|dental] [--recordings-url <URL>]`;

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

function positive(name, value, { integer = false } = {}) {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) fail(`--${name} must be a positive ${integer ? "whole " : ""}number (got ${value})\n${USAGE}`);
  return n;
}

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      key: { type: "string" },
      url: { type: "string", default: "http://localhost:3000" },
      "ai-employee": { type: "string" },
      "ai-phone": { type: "string" },
      days: { type: "string", default: "1" },
      "per-day": { type: "string", default: "40" },
      seed: { type: "string" },
      end: { type: "string" },
      trade: { type: "string" },
      "recordings-url": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (err) {
  fail(`${err.message}\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!args.key) fail(`--key is required: create one at /admin/api-keys\n${USAGE}`);
if (!args["ai-employee"] && !args["ai-phone"]) fail(`Give --ai-employee <orderId> or --ai-phone <number>\n${USAGE}`);
const end = args.end ? Date.parse(args.end) : Date.now();
if (Number.isNaN(end)) fail(`--end must be an ISO date and time (got ${args.end})`);
const seeded = args.seed !== undefined;
const seed = seeded ? Number(args.seed) : Math.floor(Math.random() * 1_000_000);
if (!Number.isInteger(seed)) fail(`--seed must be a whole number (got ${args.seed})`);
let base;
try {
  const url = new URL(args.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http");
  base = url.origin + url.pathname.replace(/\/+$/, "");
} catch {
  fail(`--url must be an http(s) address such as http://127.0.0.1:3000 (got ${args.url})\n${USAGE}`);
}

/**
 * The server's own public origin, from the Sitemap line of its /robots.txt
 * (PUBLIC_BASE_URL): http://127.0.0.1:3000 and http://localhost:3000 are one
 * server, but the API accepts plain-http recordings only on its own address.
 */
async function publicOrigin() {
  try {
    const res = await fetch(`${base}/robots.txt`);
    const sitemap = res.ok ? /^Sitemap:\s*(\S+)/im.exec(await res.text())?.[1] : undefined;
    return sitemap ? new URL(sitemap).origin : base;
  } catch {
    return base;
  }
}
const recordingsBaseUrl = args["recordings-url"] ?? (await publicOrigin());

/** A short, stable name of the AI employee for the ids (ids are unique per API key, not per AI employee). */
function employeeTag(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0), 16777619) >>> 0;
  return h.toString(36);
}

let records;
try {
  records = simulatedTraffic({
    seed,
    days: positive("days", args.days),
    perDay: positive("per-day", args["per-day"], { integer: true }),
    end,
    aiEmployeeId: args["ai-employee"],
    aiPhoneNumber: args["ai-phone"],
    baseUrl: recordingsBaseUrl,
    trade: args.trade,
  });
} catch (err) {
  fail(err.message);
}
// With --seed and no --end, the ids do not depend on the time of the run: a re-run is answered as duplicates.
if (seeded && !args.end) {
  const tag = employeeTag(args["ai-employee"] ?? args["ai-phone"]);
  records = records.map((r, i) => ({ ...r, id: `sim-${seed}-${tag}-${i}` }));
}

const counts = { created: 0, duplicate: 0, rejected: 0 };
let unitsCreated = 0;
const problems = [];
const parts = batches(records, 500);
for (const [n, batch] of parts.entries()) {
  let res;
  try {
    res = await fetch(`${base}/api/v1/interactions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${args.key}` },
      body: JSON.stringify({ interactions: batch }),
    });
  } catch (err) {
    fail(`Could not reach ${base}: ${err.cause?.code ?? err.message}`);
  }
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const retry = res.headers.get("retry-after");
    fail(`Batch ${n + 1} of ${parts.length}: HTTP ${res.status}: ${body?.message ?? (text || res.statusText)}${retry ? ` (retry after ${retry} s)` : ""}`);
  }
  for (const r of body.results) {
    counts[r.status]++;
    if (r.status === "created") unitsCreated += r.units ?? 0;
    if (r.status === "rejected") problems.push(`${r.id ?? "(no id)"}: ${r.message}`);
  }
}

const byChannel = records.reduce((m, r) => ({ ...m, [r.channel]: (m[r.channel] ?? 0) + 1 }), {});
console.log(
  `Sent ${records.length} records (${Object.entries(byChannel)
    .map(([c, k]) => `${k} ${c}`)
    .join(", ")}) over ${args.days} day(s) in ${parts.length} batch(es) to ${base} (seed ${seed}${seeded ? "" : ": repeat with --seed " + seed})`,
);
console.log(`created ${counts.created}, duplicate ${counts.duplicate}, rejected ${counts.rejected}; units of the records created: ${Math.round(unitsCreated * 1000) / 1000}`);
if (problems.length) {
  console.error(`Rejected:\n  ${problems.slice(0, 10).join("\n  ")}${problems.length > 10 ? `\n  ... and ${problems.length - 10} more` : ""}`);
  process.exit(2);
}

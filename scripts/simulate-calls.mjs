#!/usr/bin/env node
// npm run simulate:calls -- --key hfk_... [--url http://localhost:3000]
//   [--ai-employee <orderId> | --ai-phone <number>] [--days 1] [--per-day 40] [--seed 1]
//   [--end <ISO time>] [--trade plumbing|hvac|dental] [--recordings-url <URL>]
//
// Posts a realistic day (or --days days) of an AI employee's calls, texts and
// chats through the public ingestion API (POST /api/v1/interactions, issue 13)
// with an API key from /admin/api-keys. The traffic comes from the seed
// (scripts/simulated-traffic.mjs) and ends now, or at --end: the same seed and
// --end send the same records again, which the API answers as duplicates.
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
      seed: { type: "string", default: "1" },
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
const seed = Number(args.seed);
if (!Number.isInteger(seed)) fail(`--seed must be a whole number (got ${args.seed})`);
const base = args.url.replace(/\/+$/, "");
const recordingsBaseUrl = args["recordings-url"] ?? base;

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
    .join(", ")}) over ${args.days} day(s) in ${parts.length} batch(es) to ${base}`,
);
console.log(`created ${counts.created}, duplicate ${counts.duplicate}, rejected ${counts.rejected}; units of the records created: ${Math.round(unitsCreated * 1000) / 1000}`);
if (problems.length) {
  console.error(`Rejected:\n  ${problems.slice(0, 10).join("\n  ")}${problems.length > 10 ? `\n  ... and ${problems.length - 10} more` : ""}`);
  process.exit(2);
}

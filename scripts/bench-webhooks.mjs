#!/usr/bin/env node
// `npm run bench:webhooks`: the outbound webhook figures of issue 25 (ADR 0128).
// 1. Builds the production app into .next-bench (unless --no-build) and serves it
//    on PostgreSQL (DATABASE_URL, default the local `bench` database, created when
//    missing) or, with --pglite or when no PostgreSQL answers, on PGlite. The
//    server runs the product's job workers (instrumentation.ts), which deliver.
// 2. Starts 3 receivers (node:http on 127.0.0.1, named in OUTBOUND_ALLOW_HOSTS)
//    that verify every delivery's signature with `standardwebhooks` and answer 204.
// 3. Seeds one account (owner, session, an AI employee on an active Large
//    subscription) and an ingestion key; adds 3 endpoints for call.completed
//    through POST /api/webhook-endpoints (each answers its whsec_ secret once).
// 4. Ingests 10,000 calls through POST /api/v1/interactions in batches of 1,000
//    and waits until every delivery arrived (or nothing arrived for --idle=S
//    seconds, default 300).
// 5. Writes docs/benchmarks/webhooks-YYYY-MM-DD[-pglite].md: deliveries a second,
//    p50/p99 from the record stored (its batch answered) to the delivery received,
//    lost (expected, not received) and doubled (a webhook-id received twice by one
//    endpoint, or a call's event sent under two ids), beside floors measured in the
//    same run (/api/health; signed requests sent straight to the receivers).
//    Exits 1 when anything is lost, doubled, badly signed or not succeeded.
// Options: --pglite, --no-build, --calls=N (default 10000), --idle=S.
import { randomUUID, createHash } from "node:crypto";
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import { benchEnvironment, buildApp, cookieFor, loadAverage, median, ms, openDatabase, run, startAfterSeed, verdict, writeTable } from "./bench-common.mjs";
import { freePort } from "./bench-server.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const CALLS = option("calls", 10_000);
const BATCH = 1000;
const ENDPOINTS = 3;
const IDLE_SECONDS = option("idle", 300);
const FLOOR_REQUESTS = 3000;
const distDir = process.env.NEXT_DIST_DIR || ".next-bench";
const KEY = `hfk_benchwh_${"w".repeat(24)}`;
const OWNER = "bench-wh-owner";
const ACCOUNT = "bench-wh-account";
const ORDER = "bench-wh-order";
const SUBSCRIPTION = "bench-wh-sub";
const RUN = randomUUID().slice(0, 8);

const pglite = args.includes("--pglite") || !(await postgresAnswers(process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/bench"));
if (pglite && !args.includes("--pglite")) console.log("No PostgreSQL answers: running on PGlite.");

const env = { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" };
if (!args.includes("--no-build")) buildApp(env, distDir);

const startLoad = loadAverage();
const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, (_, i) => startReceiver(i)));
const { serverEnv, databaseUrl } = await benchEnvironment({
  pglite,
  name: "webhooks",
  extra: {
    // The receivers are on this machine: named, they are allowed (ADR 0103); no other private address is.
    OUTBOUND_ALLOW_HOSTS: receivers.map((r) => `127.0.0.1:${r.port}`).join(","),
    // A limit no benchmark reaches: the rate limit is not what is measured here.
    INGEST_RATE_LIMIT_PER_MINUTE: "100000",
  },
});
const { server, seeded: session } = await startAfterSeed({ distDir, serverEnv, seed });
const base = server.baseUrl;
const cookie = cookieFor(session);
const rows = [];
const failures = [];
let summary;
try {
  // Floors: the server's simplest answer, and what the receivers take from a sender that does nothing else.
  const health = await run({ url: `${base}/api/health`, connections: 10, duration: 5 });
  rows.push(["Floor: /api/health", `${Math.round(health.requests.average)} req/s, p99 ${ms(health.latency.p99)}`, "", "", ""]);
  const floor = await directFloor();
  rows.push([
    `Floor: ${FLOOR_REQUESTS.toLocaleString("en-US")} signed requests straight to the ${ENDPOINTS} receivers (8 at a time)`,
    `${Math.round(floor.perSecond).toLocaleString("en-US")} deliveries/s, p99 ${ms(floor.p99)}`,
    "",
    "",
    "",
  ]);

  const check = await fetch(`${base}/api/interactions?limit=1`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`the seeded owner's session is refused by /api/interactions (${check.status})`);
  for (const r of receivers) r.secret = await addEndpoint(r);
  summary = await ingestAndDeliver();
  const { perSecond, seconds, latencies, batchMs, lost, doubled, bad, received, expected } = summary;
  rows.push([
    `Ingestion: ${(CALLS / BATCH).toLocaleString("en-US")} batches of ${BATCH.toLocaleString("en-US")} (POST /api/v1/interactions)`,
    `median ${ms(median(batchMs))} per batch, slowest ${ms(Math.max(...batchMs))}`,
    "",
    "",
    "informative",
  ]);
  rows.push([
    `Deliveries: ${CALLS.toLocaleString("en-US")} calls to ${ENDPOINTS} endpoints`,
    received ? `${Math.round(perSecond).toLocaleString("en-US")} deliveries/s (${received.toLocaleString("en-US")} in ${seconds.toFixed(1)} s from the first batch sent)` : "none received",
    "",
    `${Math.round(floor.perSecond).toLocaleString("en-US")}/s`,
    "informative",
  ]);
  const latency = (p) => (latencies.length ? ms(percentile(latencies, p)) : "—");
  rows.push(["Record stored (its batch answered) → delivery received: p50", latency(50), "", "", "informative"]);
  rows.push(["Record stored (its batch answered) → delivery received: p99", latency(99), "", `p99 ${ms(floor.p99)}`, "informative"]);
  rows.push(["Lost: expected and not received", lost.toLocaleString("en-US"), "0", "", verdict(lost === 0)]);
  rows.push(["Doubled: a webhook-id received twice by one endpoint, or a call sent under two ids", doubled.toLocaleString("en-US"), "0", "", verdict(doubled === 0)]);
  rows.push(["Signatures that `standardwebhooks` refused", bad.toLocaleString("en-US"), "0", "", verdict(bad === 0)]);
  if (lost) failures.push(`${lost} of ${expected} deliveries lost`);
  if (doubled) failures.push(`${doubled} deliveries doubled`);
  if (bad) failures.push(`${bad} signatures refused`);
} finally {
  await server.stop();
  for (const r of receivers) r.close();
}

// Read after the server stopped: on PGlite the server is the database's one owner.
if (summary) {
  const succeeded = await deliveriesSucceeded();
  rows.push([`Deliveries stored as succeeded (webhook_deliveries)`, succeeded.toLocaleString("en-US"), summary.expected.toLocaleString("en-US"), "", verdict(succeeded === summary.expected)]);
  if (succeeded !== summary.expected) failures.push(`${succeeded} of ${summary.expected} deliveries stored as succeeded`);
}
writeTable({
  name: "webhooks",
  suffix: pglite ? "-pglite" : "",
  title: `Outbound webhooks: ${pglite ? "PGlite" : "PostgreSQL"}, ${CALLS.toLocaleString("en-US")} calls to ${ENDPOINTS} endpoints`,
  command: `npm run bench:webhooks${pglite ? " -- --pglite" : ""}`,
  startLoad,
  rows,
});
if (!summary) process.exit(1);
if (failures.length) {
  console.error(`\nFAILED: ${failures.join("; ")} (server log: ${server.logFile})`);
  process.exit(1);
}

// ---------------------------------------------------------------------------

/** Whether PostgreSQL answers at `url`'s server (within 3 s). */
async function postgresAnswers(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, "/postgres"), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * One receiver: verifies each request with `standardwebhooks` (the endpoint's
 * secret; during the floor, the floor's), answers 204, and records each
 * webhook-id, the call it reports and when it arrived.
 */
async function startReceiver(index) {
  const r = {
    index,
    port: await freePort(),
    secret: null,
    floorSecret: `whsec_${Buffer.from(randomUUID().replace(/-/g, "")).toString("base64")}`,
    phase: "floor",
    floorCount: 0,
    /** webhook-id → times received */
    ids: new Map(),
    /** call ("batch-index") → webhook-ids */
    calls: new Map(),
    arrivals: [],
    bad: 0,
  };
  const srv = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = { "webhook-id": req.headers["webhook-id"] ?? "", "webhook-timestamp": req.headers["webhook-timestamp"] ?? "", "webhook-signature": req.headers["webhook-signature"] ?? "" };
      try {
        new Webhook(r.phase === "floor" ? r.floorSecret : r.secret).verify(body, headers);
      } catch {
        r.bad++;
        res.writeHead(400).end("bad signature");
        return;
      }
      if (r.phase === "floor") {
        r.floorCount++;
        res.writeHead(204).end();
        return;
      }
      const id = headers["webhook-id"];
      r.ids.set(id, (r.ids.get(id) ?? 0) + 1);
      const call = /Bench call (\d+)-(\d+)/.exec(JSON.parse(body).data?.summary ?? "");
      if (call) {
        const key = `${call[1]}-${call[2]}`;
        const ids = r.calls.get(key) ?? new Set();
        ids.add(id);
        r.calls.set(key, ids);
        if (r.ids.get(id) === 1) r.arrivals.push({ key, batch: Number(call[1]), at });
      }
      res.writeHead(204).end();
    });
  });
  srv.keepAliveTimeout = 30_000;
  await new Promise((resolve) => srv.listen(r.port, "127.0.0.1", resolve));
  r.close = () => srv.close();
  return r;
}

/** Signed requests sent by this process straight to the receivers, 8 at a time: the most they take here. */
async function directFloor() {
  const body = JSON.stringify({ type: "call.completed", timestamp: new Date().toISOString(), data: { summary: "floor" } });
  const latencies = [];
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < FLOOR_REQUESTS) {
      const n = next++;
      const r = receivers[n % ENDPOINTS];
      const id = `msg_floor_${n}`;
      const at = new Date();
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${r.port}/hook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
          "webhook-signature": new Webhook(r.floorSecret).sign(id, at, body),
        },
        body,
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 204) throw new Error(`the floor's request ${id} was answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  for (const r of receivers) r.phase = "run";
  return { perSecond: FLOOR_REQUESTS / ((Date.now() - started) / 1000), p99: percentile(latencies, 99) };
}

/** POST /api/webhook-endpoints as the account's owner: an endpoint for call.completed at the receiver; its secret. */
async function addEndpoint(r) {
  const res = await fetch(`${base}/api/webhook-endpoints`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ url: `http://127.0.0.1:${r.port}/hook`, description: `Bench receiver ${r.index + 1}`, eventTypes: ["call.completed"] }),
  });
  if (res.status !== 201) throw new Error(`POST /api/webhook-endpoints answered ${res.status}: ${await res.text()}`);
  const { secret } = await res.json();
  if (!/^whsec_/.test(secret ?? "")) throw new Error("the endpoint was created without its whsec_ secret");
  return secret;
}

/** Ingests CALLS records in batches of BATCH, one batch at a time, then waits for every delivery. */
async function ingestAndDeliver() {
  const answeredAt = [];
  const batchMs = [];
  const created = new Set();
  const started = Date.now();
  for (let b = 0; b < CALLS / BATCH; b++) {
    const body = batchBody(b);
    const t0 = Date.now();
    const res = await fetch(`${base}/api/v1/interactions`, { method: "POST", headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }, body });
    if (res.status !== 200) throw new Error(`POST /api/v1/interactions answered ${res.status}: ${await res.text()}`);
    const { results } = await res.json();
    answeredAt[b] = Date.now();
    batchMs.push(answeredAt[b] - t0);
    results.forEach((r, i) => {
      if (r.status === "created") created.add(`${b}-${i}`);
      else throw new Error(`record ${b}-${i} was answered ${r.status}: ${r.message}`);
    });
  }
  const expected = created.size * ENDPOINTS;
  const uniqueReceived = () => receivers.reduce((s, r) => s + r.arrivals.length, 0);
  let last = uniqueReceived();
  let lastProgress = Date.now();
  while (uniqueReceived() < expected && Date.now() - lastProgress < IDLE_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = uniqueReceived();
    if (now !== last) [last, lastProgress] = [now, Date.now()];
    process.stdout.write(`\r${now.toLocaleString("en-US")} of ${expected.toLocaleString("en-US")} deliveries received`);
  }
  process.stdout.write("\n");
  const lastArrival = Math.max(started, ...receivers.flatMap((r) => r.arrivals.map((a) => a.at)));
  // A moment for late repeats: a retry of a delivery already received is a double.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  let lost = 0;
  let doubled = 0;
  const latencies = [];
  for (const r of receivers) {
    for (const key of created) if (!r.calls.has(key)) lost++;
    for (const count of r.ids.values()) doubled += count - 1;
    for (const ids of r.calls.values()) doubled += ids.size - 1;
    for (const a of r.arrivals) latencies.push(a.at - answeredAt[a.batch]);
  }
  const received = latencies.length;
  const seconds = (lastArrival - started) / 1000;
  return { expected, received, lost, doubled, bad: receivers.reduce((s, r) => s + r.bad, 0), latencies, batchMs, seconds, perSecond: received / seconds };
}

/** A batch of BATCH answered phone calls; the summary names the call, so a receiver knows which it got. */
function batchBody(b) {
  const now = Date.now();
  const interactions = [];
  for (let i = 0; i < BATCH; i++) {
    const n = b * BATCH + i;
    interactions.push({
      id: `bench-wh-${RUN}-${b}-${i}`,
      aiEmployeeId: ORDER,
      channel: "phone",
      direction: "inbound",
      // Spread over the last few hours, never in the future.
      startedAt: new Date(now - (CALLS - n) * 1000).toISOString(),
      durationSeconds: 40 + (n % 500),
      outcome: "answered",
      from: `+1555${String(1_000_000 + (n % 9_000_000)).slice(-7)}`,
      summary: `Bench call ${b}-${i}: the caller asked about a water heater replacement`,
      transcript: [
        { speaker: "caller", text: "Hi, my water heater is leaking." },
        { speaker: "agent", text: "I can book a plumber for tomorrow at 9. Does that work?" },
      ],
    });
  }
  return JSON.stringify({ interactions });
}

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function deliveriesSucceeded() {
  const query = await openDatabase({ databaseUrl, pgliteDir: serverEnv.PGLITE_DIR });
  try {
    const [{ n }] = await query(`select count(*)::int as n from webhook_deliveries where account_id = $1 and status = 'succeeded'`, [ACCOUNT]);
    return n;
  } finally {
    await query.close();
  }
}

/** The account (owner, session, AI employee on an active Large subscription) and the ingestion key, fresh each run; returns the session token. */
async function seed() {
  const query = await openDatabase({ databaseUrl, pgliteDir: serverEnv.PGLITE_DIR });
  try {
    // A previous run's rows go first (its calls with their AI employee; endpoints, events and deliveries with the account).
    await query(`delete from ai_ready_orders where id = $1`, [ORDER]);
    await query(`delete from organization where id = $1`, [ACCOUNT]);
    await query(`delete from "user" where id = $1`, [OWNER]);
    await query(`delete from api_keys where name = 'bench-webhooks'`);
    await query(`insert into "user" (id, name, email, email_verified, first_name, last_name) values ($1, 'Webhook Owner', 'webhooks-owner@bench.example', true, 'Webhook', 'Owner')`, [OWNER]);
    await query(`insert into organization (id, name, slug) values ($1, 'Webhook Bench Co', 'webhook-bench-co')`, [ACCOUNT]);
    await query(`insert into member (id, organization_id, user_id, role) values ($1, $2, $3, 'owner')`, [randomUUID(), ACCOUNT, OWNER]);
    await query(
      `insert into ai_ready_orders (id, ai_employee_name, ai_phone_number, customer_email, web_chat_url, status, account_id, claimed_by_user_id, created_at)
       values ($1, 'Bench', '+1 555 999 0001', 'webhooks-owner@bench.example', 'https://chat.example.com/bench', 'active', $2, $3, now() - interval '11 days')`,
      [ORDER, ACCOUNT, OWNER],
    );
    await query(
      `insert into subscriptions (id, account_id, plan_id, billing, status, provider_customer_id, provider_subscription_id, ai_ready_order_id, created_at)
       values ($1, $2, 'large', 'monthly', 'active', 'cus_bench_wh', 'sub_bench_wh', $3, now() - interval '10 days')`,
      [SUBSCRIPTION, ACCOUNT, ORDER],
    );
    await query(`update ai_ready_orders set subscription_id = $1 where id = $2`, [SUBSCRIPTION, ORDER]);
    await query(`insert into api_keys (id, name, key_hash, key_prefix) values ($1, 'bench-webhooks', $2, $3)`, [randomUUID(), createHash("sha256").update(KEY).digest("hex"), KEY.slice(0, 10)]);
    const token = randomUUID().replace(/-/g, "");
    await query(`insert into session (id, token, user_id, expires_at, user_agent, active_organization_id) values ($1, $2, $3, now() + interval '1 day', 'bench', $4)`, [
      randomUUID(),
      token,
      OWNER,
      ACCOUNT,
    ]);
    return token;
  } finally {
    await query.close();
  }
}

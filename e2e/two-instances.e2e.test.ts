import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3TestServer, type TestS3Server } from "../test/s3-test-server";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp-test-server";
import { freePort, startAppServer, type AppServer } from "./app-server";
import { startLoadBalancer, type LoadBalancer } from "./load-balancer";
import { adminContext, api, DEMO_ADMIN, launch, newCustomerWithEmployee, recordUsage, startTrialFromBilling, subscriptionOf, tinyPng } from "./browser";

/**
 * Two app processes on one PostgreSQL database, behind a round-robin load
 * balancer (no sticky sessions), with the real SMTP and S3 servers of the
 * other tests. Runs when DATABASE_URL names a PostgreSQL server (`.ci/run` and
 * `npm test` with DATABASE_URL): each run makes a database of its own there.
 */
const SERVER_URL = process.env.DATABASE_URL;
const TEAM_EMAIL = "team@instances.test";

let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let smtp: TestSmtpServer;
let s3: TestS3Server;
let a: AppServer;
let b: AppServer;
let lb: LoadBalancer;
let browser: Browser;

async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `instances_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The sign-in cookie of a session made on `server` (name=value pairs for a Cookie header). */
async function signInOn(server: AppServer, email: string, password: string): Promise<{ status: number; cookie: string; body: string }> {
  const res = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: lb.url },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return { status: res.status, cookie, body: await res.text() };
}

async function whoIsOn(server: AppServer, cookie: string): Promise<string | null> {
  const res = await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie } });
  if (res.status !== 200) return null;
  return ((await res.json()) as { email?: string }).email ?? null;
}

function contactPost(server: AppServer, n: number): Promise<Response> {
  return fetch(`${server.baseUrl}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: lb.url },
    body: JSON.stringify({
      first_name: "Rosa",
      last_name: `Martinez ${n}`,
      email: "rosa@brightsmiles.com",
      inquiry_subject: `Two offices ${n}`,
      message: "We miss about 30 calls a week. Which plan fits?",
    }),
  });
}

/** The job runs each instance logged ("job ran"), as [instance, jobId, kind]. */
function jobRuns(): Array<{ instance: "a" | "b"; jobId: string; kind: string }> {
  const runs: Array<{ instance: "a" | "b"; jobId: string; kind: string }> = [];
  for (const [instance, server] of [
    ["a", a],
    ["b", b],
  ] as const) {
    for (const line of server.log().split("\n")) {
      if (!line.includes('"job ran"')) continue;
      const entry = JSON.parse(line) as { jobId: string; kind: string };
      runs.push({ instance, jobId: entry.jobId, kind: entry.kind });
    }
  }
  return runs;
}

describe.skipIf(!SERVER_URL)("two app instances on one PostgreSQL database", () => {
  beforeAll(async () => {
    ({ url: databaseUrl, drop: dropDatabase } = await createDatabase(SERVER_URL!));
    const lbPort = await freePort();
    [smtp, s3] = await Promise.all([startSmtpServer(), startS3TestServer({ corsOrigins: [`http://127.0.0.1:${lbPort}`] })]);
    const shared = {
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      PUBLIC_BASE_URL: `http://127.0.0.1:${lbPort}`,
      TRUSTED_PROXY_HOPS: "1",
      SMTP_URL: smtp.url(),
      ...s3.env(),
      TEAM_EMAIL,
      LOG_LEVEL: "info",
    };
    // Started together: migrations and the demo seed take turns (advisory locks).
    const started = await Promise.allSettled([startAppServer({ env: shared }), startAppServer({ env: shared })]);
    const failed = started.find((r) => r.status === "rejected");
    if (failed) {
      // Stop the one that did start: no server outlives the test.
      await Promise.all(started.map((r) => (r.status === "fulfilled" ? r.value.stop() : undefined)));
      throw failed.reason;
    }
    [a, b] = started.map((r) => (r as PromiseFulfilledResult<AppServer>).value) as [AppServer, AppServer];
    lb = await startLoadBalancer([a.baseUrl, b.baseUrl], lbPort);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await lb?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([smtp?.close(), s3?.stop()]);
    await dropDatabase?.();
  });

  it("both instances started on the one database, each with its job workers", () => {
    for (const server of [a, b]) expect(server.log()).toContain('"job workers started"');
  });

  it("a session made on one instance is valid on the other, and signing out on either ends it", async () => {
    const made = await signInOn(a, "customer@example.com", "customer-demo-password");
    expect(made.status).toBe(200);
    expect(await whoIsOn(a, made.cookie)).toBe("customer@example.com");
    expect(await whoIsOn(b, made.cookie)).toBe("customer@example.com");
    const out = await fetch(`${b.baseUrl}/api/auth/sign-out`, { method: "POST", headers: { cookie: made.cookie, origin: lb.url, "content-type": "application/json" }, body: "{}" });
    expect(out.status).toBe(200);
    expect(await whoIsOn(a, made.cookie)).toBeNull();
  });

  it("failed sign-ins count across both instances: the sixth attempt is locked out wherever it lands", async () => {
    const email = "customer@example.com";
    for (let i = 0; i < 5; i++) {
      const r = await signInOn(i % 2 ? b : a, email, `wrong-password-${i}`);
      expect(r.status).toBe(401);
    }
    const locked = await signInOn(b, email, "customer-demo-password");
    expect(locked.status).toBe(429);
    expect(locked.cookie).not.toContain("session_token");
  });

  it("the contact form's limit counts across both instances, and each message is e-mailed exactly once", async () => {
    const before = smtp.received.length;
    for (let n = 0; n < 5; n++) expect((await contactPost(n % 2 ? b : a, n)).status).toBe(201);
    const sixth = await contactPost(b, 5);
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toBe("Too many messages from your network. Please wait a few minutes and try again.");
    await expect.poll(() => smtp.received.length - before, { timeout: 20_000 }).toBe(5);
    // Both workers keep polling; nothing arrives twice.
    await new Promise((r) => setTimeout(r, 3_000));
    const arrived = smtp.received.slice(before);
    expect(arrived).toHaveLength(5);
    expect(new Set(arrived.map((m) => m.parsed.subject))).toEqual(new Set([0, 1, 2, 3, 4].map((n) => `New contact message: Two offices ${n}`)));
    expect(new Set(arrived.map((m) => m.parsed.messageId)).size).toBe(5);
    for (const m of arrived) expect(m.envelopeTo).toEqual([TEAM_EMAIL]);
  });

  it("through the load balancer a customer starts a trial and the admin bills usage and overage; every job runs exactly once", async () => {
    let admin: BrowserContext | undefined;
    let customer: BrowserContext | undefined;
    try {
      admin = await adminContext(browser, lb.url);
      const employee = "Quinn";
      const c = await newCustomerWithEmployee(browser, lb.url, admin, { employee, prefix: "instances" });
      customer = c.context;
      await startTrialFromBilling(c.page, employee, "Riley Owner");
      await api(admin, "POST", "/api/admin/sandbox-clock", { days: 15 });
      await expect.poll(async () => (await subscriptionOf(admin!, c.user.email)).status, { timeout: 20_000 }).toBe("active");
      await recordUsage(admin, c.user.email, 3, 2);

      const sub = await subscriptionOf(admin, c.user.email);
      const cycle = sub.stripeData.billingCycles.find((x) => x.isCurrent)!;
      const prices = await api<{ usagePriceMap: Record<string, { id: string } | undefined> }>(admin, "GET", `/api/admin/stripe-prices?subscriptionId=${sub.id}`);
      const entry = await api<{ id: string }>(admin, "POST", "/api/admin/overage-entries", { subscriptionId: sub.id, periodStart: cycle.periodStart, periodEnd: cycle.periodEnd, billNow: true });
      await api(admin, "POST", `/api/admin/overage-entries/${entry.id}/line-items`, { stripePriceId: prices.usagePriceMap.phone_inbound!.id, quantity: 3, unitPrice: 198 });
      await api(admin, "POST", `/api/admin/overage-entries/${entry.id}/submit`, {});
      await expect
        .poll(async () => (await api<Array<{ id: string; status: string }>>(admin!, "GET", `/api/admin/overage-entries/subscription/${sub.id}`)).find((e) => e.id === entry.id)?.status, {
          timeout: 30_000,
        })
        .toMatch(/^(billed|open|paid)$/);
    } finally {
      await customer?.close();
      await admin?.close();
    }
    // The round robin sent requests to both instances.
    expect(lb.served.every((n) => n > 10)).toBe(true);

    const kinds = ["email.deliver", "usage.report-meter-events", "overage.bill"];
    await expect.poll(() => kinds.filter((k) => !jobRuns().some((r) => r.kind === k)), { timeout: 30_000 }).toEqual([]);
    // Both workers keep polling for a while: nothing runs a second time.
    await new Promise((r) => setTimeout(r, 3_000));
    const runs = jobRuns();
    const perJob = new Map<string, number>();
    for (const r of runs) perJob.set(r.jobId, (perJob.get(r.jobId) ?? 0) + 1);
    expect([...perJob.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  });

  it("an avatar uploaded through one instance is served by the other (private bucket)", async () => {
    const admin = await signInOn(a, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(admin.status).toBe(200);
    const png = tinyPng(64, 64);
    const ticketRes = await fetch(`${a.baseUrl}/api/objects/upload`, {
      method: "POST",
      headers: { cookie: admin.cookie, origin: lb.url, "content-type": "application/json" },
      body: JSON.stringify({ fileName: "avery.png", contentType: "image/png", size: png.length }),
    });
    expect(ticketRes.status).toBe(200);
    const ticket = (await ticketRes.json()) as { uploadURL: string; objectPath: string };
    expect(ticket.uploadURL.startsWith(s3.endpoint)).toBe(true);
    const put = await fetch(ticket.uploadURL, { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(png) });
    expect(put.status).toBe(200);
    const order = await fetch(`${b.baseUrl}/api/admin/ai-ready-orders`, {
      method: "POST",
      headers: { cookie: admin.cookie, origin: lb.url, "content-type": "application/json" },
      body: JSON.stringify({
        aiEmployeeName: "Avery",
        aiPhoneNumber: "+1 555 010 9999",
        customerEmail: "avatar-owner@example.com",
        webChatUrl: "https://chat.example.com/a",
        aiAvatarUrl: ticket.objectPath,
      }),
    });
    expect(order.status, await order.clone().text()).toBe(201);
    expect(((await order.json()) as { aiAvatarUrl: string }).aiAvatarUrl).toBe(ticket.objectPath);
    for (const server of [a, b]) {
      const res = await fetch(`${server.baseUrl}${ticket.objectPath}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    }
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db";
import { interactions } from "@/db/schema";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { GET as busy } from "@app/busy/route";
import CallsPage from "@app/(portal)/calls/page";
import { BASE, createUser, type TestUser } from "../http-helpers";
import { insertOrder } from "../order-fixtures";

/**
 * Issue 21, timeouts (ADR 0105): a statement timeout on a server-rendered page
 * showed a 500 page. Now the page sends the browser (a 307, before anything is
 * streamed) to /busy, which answers 503 with Retry-After and "busy, try again",
 * and goes back to the page by itself.
 */

// A short statement timeout for this file's PostgreSQL pool (read when the database opens, after this line).
process.env.DATABASE_STATEMENT_TIMEOUT_MS = "1000";

// The request the page renders for: its cookie, and the address the proxy names (proxy.ts sets x-return-to).
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

/** Where a page's redirect goes, and its status (Next's redirect error carries them in its digest). */
async function redirectOf(render: Promise<unknown>): Promise<{ url: string; status: number }> {
  const err = await render.then(
    () => null,
    (e: unknown) => e,
  );
  const digest = (err as { digest?: unknown } | null)?.digest;
  if (typeof digest !== "string" || !digest.startsWith("NEXT_REDIRECT;")) throw new Error(`expected a redirect, got ${String(err)}`);
  const parts = digest.split(";");
  return { url: parts.slice(2, -2).join(";"), status: Number(parts.at(-2)) };
}

async function busyPage(url: string): Promise<Response> {
  return busy(new Request(`${BASE}${url}`));
}

describe("GET /busy", () => {
  it("answers 503 with Retry-After and a 'busy, try again' page that goes back to the page", async () => {
    const res = await busyPage(`/busy?return=${encodeURIComponent("/calls?q=furnace&channel=phone")}`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("<title>Busy, please try again</title>");
    expect(html).toContain("The service is busy, please try again in a few seconds.");
    expect(html).toContain('<a href="/calls?q=furnace&#38;channel=phone">Try again</a>');
    // No timed refresh: the person chooses when to try again (axe meta-refresh, WCAG 2.2.1).
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it("goes back only to a page of this site", async () => {
    for (const back of ["https://evil.example/", "//evil.example", "/\t/evil.example", "javascript:alert(1)", '"><script>x</script>']) {
      const html = await (await busyPage(`/busy?return=${encodeURIComponent(back)}`)).text();
      expect(html).toContain('<a href="/">Try again</a>');
      expect(html).not.toContain("<script>");
    }
  });
});

describe("a page whose database is too slow", () => {
  it("redirects (307) to the busy page naming the page; other failures and Next's own signals pass through", async () => {
    request.headers = new Headers({ "x-return-to": "/dashboard" });
    const slow = busyOnTimeoutPage(async () => {
      throw Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
    });
    expect(await redirectOf(slow({}))).toEqual({ url: "/busy?return=%2Fdashboard", status: 307 });
    const noConnection = busyOnTimeoutPage(async () => {
      throw new Error("query failed", { cause: new Error("timeout exceeded when trying to connect") });
    });
    expect((await redirectOf(noConnection({}))).url).toBe("/busy?return=%2Fdashboard");
    await expect(busyOnTimeoutPage(async () => Promise.reject(new Error("boom")))({})).rejects.toThrow("boom");
    const missing = await busyOnTimeoutPage(async () => notFound())({}).catch((e: unknown) => e);
    expect(String((missing as { digest?: string }).digest)).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
  });
});

// The statement timeout is PostgreSQL's: PGlite runs one statement at a time and cannot cancel one.
describe.skipIf(!process.env.DATABASE_URL)("the call log page when its query hits the statement timeout (PostgreSQL)", () => {
  let customer: TestUser;
  let locker: import("pg").Client;

  beforeAll(async () => {
    customer = await createUser();
    const orderId = await insertOrder("Nova", "+15555550177", { customerEmail: customer.email, status: "claimed", claimedByUserId: customer.id });
    const db = await getDb();
    const id = `busy-${randomUUID()}`;
    await db.insert(interactions).values({
      id,
      sourceKey: "platform:default",
      externalId: id,
      aiReadyOrderId: orderId,
      accountId: customer.id,
      channel: "phone",
      direction: "inbound",
      outcome: "answered",
      startedAt: new Date(),
      durationMs: 95_000,
      unitsMilli: 1000,
      unitRule: "call",
      summary: "Furnace repair",
      source: "api",
    });
    const { default: pg } = await import("pg");
    locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
  });

  it("answers the busy page (307, then 503 with Retry-After), and the page itself once the database is free", async () => {
    request.headers = new Headers({ cookie: customer.cookie, "x-return-to": "/calls?q=furnace" });
    const page = () => CallsPage({ searchParams: Promise.resolve({ q: "furnace" }) });
    // Another session holds the call log's table: the page's query waits past the statement timeout.
    await locker.query("begin");
    await locker.query("lock table interactions in access exclusive mode");
    let to: { url: string; status: number };
    const started = Date.now();
    try {
      to = await redirectOf(page());
    } finally {
      await locker.query("rollback");
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(to).toEqual({ url: "/busy?return=%2Fcalls%3Fq%3Dfurnace", status: 307 });
    const res = await busyPage(to.url);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const html = await res.text();
    expect(html).toMatch(/busy, please try again/);
    expect(html).toContain('<a href="/calls?q=furnace">Try again</a>');

    // The table free again: the same page renders.
    const rendered = await page();
    expect(rendered).toBeTruthy();
  });
});

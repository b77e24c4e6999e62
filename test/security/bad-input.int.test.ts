import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { ROUTE_ACCESS } from "@/lib/http/route-access";
import { databaseInputProblem } from "@/lib/http/database-errors";
import { GET as authGet, POST as authPost } from "@app/api/auth/[...all]/route";
import * as contact from "@app/api/contact/route";
import * as entries from "@app/api/admin/overage-entries/route";
import * as lineItems from "@app/api/admin/overage-entries/[id]/line-items/route";
import { BASE, call, createUser, type TestUser } from "../http-helpers";
import { paramsFor, ROUTES, type Handler, type Method } from "./route-files";
import { newApiKey } from "../interactions-fixtures";
import { retellSign, withRetellKey } from "../retell-helpers";
import { TEST_TWILIO_ACCOUNT } from "../twilio-fake";

/** Row counts of every table: "nothing stored changed" is these being equal before and after. */
async function tableCounts(): Promise<Record<string, number>> {
  const db = await getDb();
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as
    { rows: Array<{ tablename: string }> } | Array<{ tablename: string }>;
  const names = (Array.isArray(result) ? result : result.rows).map((r) => r.tablename).filter((n) => n !== "rate_limit" && n !== "session");
  const counts: Record<string, number> = {};
  for (const name of names) {
    const r = (await db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as { rows: Array<{ n: number }> } | Array<{ n: number }>;
    counts[name] = (Array.isArray(r) ? r : r.rows)[0]!.n;
  }
  return counts;
}

const NUL = "\u0000";
const STATE_CHANGING: Method[] = ["POST", "PUT", "PATCH", "DELETE"];
/** Every field name any of our request bodies uses, each with a NUL in its text. */
const NUL_BODY = Object.fromEntries(
  [
    "name",
    "email",
    "phone",
    "website",
    "aiEmployeeName",
    "aiEmployeeId",
    "aiPhoneNumber",
    "customerEmail",
    "webChatUrl",
    "aiAvatarUrl",
    "first_name",
    "last_name",
    "company",
    "inquiry_subject",
    "message",
    "subscriptionId",
    "billingCycleId",
    "userId",
    "planId",
    "billing",
    "setupIntentId",
    "stripePriceId",
    "description",
    "periodStart",
    "periodEnd",
    "fileName",
    "contentType",
    "customerId",
    "testPriceId",
    "meterPriceId",
  ].map((f) => [f, `value${NUL}with a NUL`]),
);

/** Routes whose body may be larger than the default 64 KB. */
const BODY_LIMITS: Record<string, number> = {
  "objects/put/[...key]": 5 * 1024 * 1024,
  "stripe/webhook": 1024 * 1024,
  "v1/interactions": 20 * 1024 * 1024,
  "v1/webhooks/retell": 2 * 1024 * 1024,
  // issue 24: a whole settings document (200 answers of 2,000 characters)
  "ai-employees/[id]/settings": 4 * 1024 * 1024,
  "admin/ai-employees/[id]/settings": 4 * 1024 * 1024,
};

/**
 * Machine callers whose credentials are checked before the body is read
 * (issue 21): without them the answer is 401 before any size is known.
 */
const credentials = (key: string, apiKey: string): Record<string, string> =>
  key === "v1/interactions"
    ? { authorization: `Bearer ${apiKey}` }
    : key === "v1/webhooks/retell"
      ? { "x-retell-signature": retellSign("{}") }
      : // Its signature is checked once the body is read (it signs the form's parameters): only its presence comes first.
        key === "v1/webhooks/twilio"
        ? { "x-twilio-signature": "present" }
        : {};

/**
 * Routes for the voice platform, which refuse a NUL per record rather than
 * the whole request (ADR 0101), and Twilio's status callback, which refuses a
 * request without its signature header (403) before reading the body.
 */
const NUL_PER_RECORD = new Set(["v1/interactions", "v1/webhooks/retell", "v1/webhooks/twilio"]);

/** Twilio's status callback exists only with TWILIO_* set (ADR 0130). */
const TWILIO_ENV = { TWILIO_ACCOUNT_SID: TEST_TWILIO_ACCOUNT.accountSid, TWILIO_AUTH_TOKEN: TEST_TWILIO_ACCOUNT.authToken, TWILIO_FROM_NUMBER: TEST_TWILIO_ACCOUNT.from };

describe("bad input gets a 4xx with a message, never a 500, and stores nothing", () => {
  let admin: TestUser;
  let apiKey: string;
  withRetellKey();
  beforeAll(async () => {
    process.env.ENABLE_TEST_TOOLS = "true";
    Object.assign(process.env, TWILIO_ENV);
    (await import("@/lib/config")).resetConfigForTests();
    admin = await createUser({ role: "admin" });
    apiKey = await newApiKey(admin);
  });
  afterAll(async () => {
    for (const k of Object.keys(TWILIO_ENV)) delete process.env[k];
    (await import("@/lib/config")).resetConfigForTests();
  });

  for (const { file, key } of ROUTES) {
    for (const method of STATE_CHANGING) {
      if (!ROUTE_ACCESS[key]?.[method] || key === "auth/[...all]") continue;
      it(`${method} /api/${key}: NUL characters in the body are refused before the handler runs`, async () => {
        const mod = (await import(file)) as Record<string, Handler>;
        const before = await tableCounts();
        const res = await call(mod[method]!, { method, path: `/api/${key.replace(/\[[^\]]+\]/g, "x")}`, params: paramsFor(key, "x"), cookie: admin.cookie, body: NUL_BODY });
        if (NUL_PER_RECORD.has(key)) {
          // These check the caller (API key, signature) first and then refuse a NUL per record
          // (test/interactions-ingest.int.test.ts): here, without a key or signature, a 401
          // (the Retell webhook is 404 while RETELL_API_KEY is not set; Twilio's callback 403).
          expect([401, 403, 404]).toContain(res.status);
        } else {
          expect(res.status).toBe(400);
          expect(((await res.json()) as { message: string }).message).toMatch(/NUL characters/);
        }
        expect(await tableCounts()).toEqual(before);
      });
      it(`${method} /api/${key}: a body over the limit is a 413 with a message`, async () => {
        const mod = (await import(file)) as Record<string, Handler>;
        const limit = BODY_LIMITS[key] ?? 64 * 1024;
        const res = await call(mod[method]!, {
          method,
          path: `/api/${key}`,
          params: paramsFor(key, "x"),
          cookie: admin.cookie,
          headers: credentials(key, apiKey),
          body: JSON.stringify({ message: "x".repeat(limit) }),
        });
        expect(res.status).toBe(413);
        expect(((await res.json()) as { message: string }).message).toMatch(/too large/i);
      });
    }
    if (/\[/.test(key)) {
      for (const method of ["GET", ...STATE_CHANGING] as Method[]) {
        if (!ROUTE_ACCESS[key]?.[method] || key === "auth/[...all]") continue;
        it(`${method} /api/${key}: a NUL in a path id is a 400`, async () => {
          const mod = (await import(file)) as Record<string, Handler>;
          const before = await tableCounts();
          const res = await call(mod[method]!, {
            method,
            path: `/api/${key.replace(/\[[^\]]+\]/g, "%00")}`,
            params: paramsFor(key, `id${NUL}`),
            cookie: admin.cookie,
            body: method === "GET" || method === "DELETE" ? undefined : {},
          });
          expect(res.status).toBe(400);
          expect(await tableCounts()).toEqual(before);
        });
      }
    }
  }

  it("a NUL in a query parameter is a 400 (admin lookups by id)", async () => {
    const mod = (await import("@app/api/admin/stripe-prices/route")) as Record<string, Handler>;
    const res = await call(mod.GET!, { path: "/api/admin/stripe-prices?subscriptionId=%00", cookie: admin.cookie });
    expect(res.status).toBe(400);
    const period = (await import("@app/api/admin/subscription-period/route")) as Record<string, Handler>;
    expect((await call(period.GET!, { path: "/api/admin/subscription-period?subscriptionId=a%00b", cookie: admin.cookie })).status).toBe(400);
  });

  it("the plain HTML contact form with a NUL in a field is refused and stores nothing", async () => {
    const before = await tableCounts();
    const form = new URLSearchParams({ first_name: "Ann", last_name: `Lee${NUL}`, email: "ann@example.com", inquiry_subject: "Hello", message: "A real question about plans." });
    const res = await contact.POST(new Request(`${BASE}/api/contact`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE }, body: form.toString() }));
    expect(res.status).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it("better-auth's endpoints get the same guards: NUL and oversize bodies", async () => {
    const before = await tableCounts();
    const signUp = (body: string) => authPost(new Request(`${BASE}/api/auth/sign-up/email`, { method: "POST", headers: { "content-type": "application/json", origin: BASE }, body }));
    const nul = await signUp(JSON.stringify({ email: "nul@example.com", password: "Tr1cky-Lantern-Quokka", name: `N${NUL}` }));
    expect(nul.status).toBe(400);
    const big = await signUp(JSON.stringify({ email: "big@example.com", password: "Tr1cky-Lantern-Quokka", name: "x".repeat(70_000) }));
    expect(big.status).toBe(413);
    expect(await tableCounts()).toEqual(before);
    const get = await authGet(new Request(`${BASE}/api/auth/verify-email?token=a%00b`));
    expect(get.status).toBe(400);
  });

  it("overage line items whose total overflows the column are refused with a message", async () => {
    const res = await call(lineItems.POST, {
      method: "POST",
      path: "/api/admin/overage-entries/x/line-items",
      params: { id: "00000000-0000-0000-0000-000000000000" },
      cookie: admin.cookie,
      body: { stripePriceId: "price_1", quantity: 1000, unitPrice: 10_000_000 },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/at most \$1,000,000\.00/);
  });

  for (const date of ["0000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "-271821-04-20T00:00:00Z", "1969-12-31T00:00:00Z"]) {
    it(`a date the database cannot store (${date}) is a 400`, async () => {
      const before = await tableCounts();
      const res = await call(entries.POST, {
        method: "POST",
        path: "/api/admin/overage-entries",
        cookie: admin.cookie,
        body: { subscriptionId: "00000000-0000-0000-0000-000000000000", periodStart: date, periodEnd: "2026-12-01T00:00:00Z", billNow: false },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/between the years 1970 and 9999/);
      expect(await tableCounts()).toEqual(before);
    });
  }

  it("a value the database refuses anyway becomes a 400, not a 500 (the safety net)", async () => {
    const db = await getDb();
    const attempt = async (q: ReturnType<typeof sql>) => {
      try {
        await db.execute(q);
        return null;
      } catch (err) {
        return databaseInputProblem(err);
      }
    };
    expect(await attempt(sql`select ${2_147_483_647}::int + 1`)).toMatch(/too large/);
    expect(await attempt(sql`select ${"0000-01-01"}::timestamptz`)).toMatch(/date/);
    expect(await attempt(sql`select ${"abc"}::int`)).toMatch(/cannot be stored/);
    expect(await attempt(sql`select 1`)).toBeNull();
    expect(databaseInputProblem(new Error("boom"))).toBeNull();
  });
});

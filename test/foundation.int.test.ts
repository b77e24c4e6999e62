import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, dbKind } from "@/lib/db";
import { GET as getUser } from "@app/api/auth/user/route";
import { GET as health } from "@app/api/health/route";
import { call, createUser } from "./http-helpers";

async function tableNames(): Promise<string[]> {
  const db = await getDb();
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as
    { rows: Array<{ tablename: string }> } | Array<{ tablename: string }>;
  return (Array.isArray(result) ? result : result.rows).map((r) => r.tablename);
}

describe(`foundation on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("applies the migrations from empty and creates every entity's table", async () => {
    expect(dbKind()).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    const tables = await tableNames();
    for (const t of [
      "user",
      "session",
      "account",
      "verification",
      "subscriptions",
      "payment_customers",
      "invoices",
      "ai_ready_orders",
      "demo_leads",
      "contact_messages",
      "notifications",
      "usage_records",
      "overage_entries",
      "overage_line_items",
      "processed_webhook_events",
      "job_keys",
      "email_messages",
    ]) {
      expect(tables).toContain(t);
    }
  });

  it("reports database reachability on /api/health", async () => {
    const res = await call(health, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: { reachable: true } });
  });

  it("answers 401 on /api/auth/user when anonymous", async () => {
    const res = await call(getUser, { path: "/api/auth/user" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthorized" });
  });

  it("answers the user with role and a null subscription when signed in", async () => {
    const u = await createUser({ firstName: "Dana" });
    const res = await call(getUser, { path: "/api/auth/user", cookie: u.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: u.id, firstName: "Dana", lastName: "User", email: u.email, profileImageUrl: null, role: "customer", subscription: null });
  });

  it("gives admin rights from the stored role only to a verified address", async () => {
    const unverified = await createUser({ role: "admin", verified: false });
    const res = await call(getUser, { path: "/api/auth/user", cookie: unverified.cookie });
    expect((await res.json()).role).toBe("customer");
    const verified = await createUser({ role: "admin", verified: true });
    const res2 = await call(getUser, { path: "/api/auth/user", cookie: verified.cookie });
    expect((await res2.json()).role).toBe("admin");
  });

  it("refuses a cross-origin state change", async () => {
    const { POST } = await import("@app/api/auth/[...all]/route");
    void POST;
    const u = await createUser();
    const { route } = await import("@/features/auth/route.server");
    const handler = route({ access: "user" }, async () => Response.json({ ok: true }));
    const res = await call(handler, { method: "POST", cookie: u.cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    const ok = await call(handler, { method: "POST", cookie: u.cookie, headers: { origin: "http://localhost:3000" } });
    expect(ok.status).toBe(200);
  });
});

describe("GET /api/login and /api/logout", () => {
  it("sends a visitor to the built-in sign-in page, keeping a safe return path", async () => {
    const { GET } = await import("@app/api/login/route");
    const res = await call(GET, { path: "/api/login?returnTo=/billing" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/login?returnTo=%2Fbilling");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const unsafe = await call(GET, { path: "/api/login?returnTo=//evil.example" });
    expect(unsafe.status).toBe(302);
    expect(unsafe.headers.get("location")).toBe("http://localhost:3000/login?returnTo=%2Fdashboard");
    const plain = await call(GET, { path: "/api/login" });
    expect(plain.headers.get("location")).toBe("http://localhost:3000/login");
  });

  it("sends a signed-in user straight to the return path", async () => {
    const { GET } = await import("@app/api/login/route");
    const u = await createUser();
    const res = await call(GET, { path: "/api/login?returnTo=/billing", cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/billing");
  });

  it("ends the session and redirects to /", async () => {
    const { GET } = await import("@app/api/logout/route");
    const u = await createUser();
    // The header's link: a same-origin navigation (a cross-site one only reaches /logout, see test/security).
    const res = await call(GET, { path: "/api/logout", cookie: u.cookie, headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost:3000/");
    const after = await call(getUser, { path: "/api/auth/user", cookie: u.cookie });
    expect(after.status).toBe(401);
  });
});

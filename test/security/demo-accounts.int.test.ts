import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { resetConfigForTests, isLoopbackUrl } from "@/lib/config";
import { getDb } from "@/lib/db";
import { getAuth } from "@/features/auth/auth.server";
import { DEMO_ACTIVE_CUSTOMER, DEMO_ADMIN, DEMO_BUSINESS, DEMO_CUSTOMER, DEMO_STAFF, seedDemoAccounts } from "@/db/seed";

function setBase(url: string) {
  process.env.PUBLIC_BASE_URL = url;
  process.env.SEED_DEMO_DATA = "always";
  resetConfigForTests();
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const auth = await getAuth();
  try {
    await auth.api.signInEmail({ body: { email, password } });
    return true;
  } catch {
    return false;
  }
}

async function emptyUsers() {
  const db = await getDb();
  await db.execute(sql`truncate "user", "account", "session", "ai_ready_orders", "sign_in_failures" cascade`);
}

afterEach(() => {
  delete process.env.PUBLIC_BASE_URL;
  delete process.env.SEED_DEMO_DATA;
  resetConfigForTests();
});

describe("demo accounts have published passwords only on a loopback address", () => {
  it("recognises loopback base URLs", () => {
    for (const u of ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000", "http://app.localhost"]) expect(isLoopbackUrl(u)).toBe(true);
    for (const u of ["https://app.example.com", "http://10.0.0.5:3000", "http://192.168.1.2", "http://127.example.com", "http://localhost.evil.example"]) expect(isLoopbackUrl(u)).toBe(false);
  });

  it("with a public base URL the demo accounts get random passwords, printed once; the published ones do not work", async () => {
    await emptyUsers();
    setBase("https://app.example.com");
    const seeded = await seedDemoAccounts();
    expect(seeded?.created).toBe(true);
    const admin = seeded!.accounts.find((a) => a.role === "admin")!;
    expect(admin.password).toBeTruthy();
    expect(admin.password).not.toBe(DEMO_ADMIN.password);
    expect(await canSignIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).toBe(false);
    expect(await canSignIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).toBe(false);
    expect(await canSignIn(DEMO_ADMIN.email, admin.password!)).toBe(true);
    // A later start shows no password again.
    const again = await seedDemoAccounts();
    expect(again?.created).toBe(false);
    expect(again?.accounts.every((a) => a.password === null)).toBe(true);
  });

  it("on localhost the published passwords work (the quick start)", async () => {
    await emptyUsers();
    setBase("http://localhost:3000");
    const seeded = await seedDemoAccounts();
    expect(seeded?.accounts.find((a) => a.role === "admin")?.password).toBe(DEMO_ADMIN.password);
    expect(await canSignIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).toBe(true);
  });

  it("the active demo business has an owner and a staff member, both printed; the admin belongs to no account (issue 22)", async () => {
    await emptyUsers();
    setBase("http://localhost:3000");
    const seeded = await seedDemoAccounts();
    const printed = seeded!.accounts.map((a) => [a.email, a.password, a.note ?? null]);
    expect(printed).toContainEqual([DEMO_ACTIVE_CUSTOMER.email, DEMO_ACTIVE_CUSTOMER.password, `owner of ${DEMO_BUSINESS.name}: active subscription, a month of calls`]);
    expect(printed).toContainEqual([DEMO_STAFF.email, DEMO_STAFF.password, `staff member of ${DEMO_BUSINESS.name}: calls and dashboard, settings read-only, no billing`]);
    const db = await getDb();
    const rows = (await db.execute(sql`select u.email, m.role, o.name from member m join "user" u on u.id = m.user_id join organization o on o.id = m.organization_id order by u.email`)) as unknown as
      { rows: Array<{ email: string; role: string; name: string }> } | Array<{ email: string; role: string; name: string }>;
    expect(Array.isArray(rows) ? rows : rows.rows).toEqual([
      { email: DEMO_CUSTOMER.email, role: "owner", name: "Casey Customer" },
      { email: DEMO_STAFF.email, role: "staff", name: DEMO_BUSINESS.name },
      { email: DEMO_ACTIVE_CUSTOMER.email, role: "owner", name: DEMO_BUSINESS.name },
    ]);
    expect(await canSignIn(DEMO_STAFF.email, DEMO_STAFF.password)).toBe(true);
  });

  it("a database seeded on localhost and then served on a public URL gets its published passwords replaced", async () => {
    await emptyUsers();
    setBase("http://localhost:3000");
    await seedDemoAccounts();
    setBase("https://app.example.com");
    const rotated = await seedDemoAccounts();
    const admin = rotated!.accounts.find((a) => a.role === "admin")!;
    expect(admin.password).toBeTruthy();
    expect(await canSignIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).toBe(false);
    expect(await canSignIn(DEMO_ADMIN.email, admin.password!)).toBe(true);
  });
});

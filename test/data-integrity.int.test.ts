import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { getDb, MIGRATIONS_DIR } from "@/lib/db";
import { aiReadyOrders, notifications, overageEntries, subscriptions, usageRecords } from "@/db/schema";
import { seedSubscription } from "@/features/usage/testing/seed";
import { createUser } from "./http-helpers";

const DAY = 86_400_000;

async function orderFor(email: string): Promise<string> {
  const id = randomUUID();
  await (await getDb()).insert(aiReadyOrders).values({ id, aiEmployeeName: "Ava", aiPhoneNumber: "+15555550100", customerEmail: email, webChatUrl: "https://chat.example.com/ava" });
  return id;
}

async function usageFor(sub: typeof subscriptions.$inferSelect): Promise<string> {
  const id = randomUUID();
  const periodStart = sub.currentPeriodStart!;
  await (
    await getDb()
  )
    .insert(usageRecords)
    .values({ id, subscriptionId: sub.id, accountId: sub.accountId, billingCycleId: "cycle", periodStart, periodEnd: new Date(periodStart.getTime() + 30 * DAY), phoneInbound: 1 });
  return id;
}

async function overageFor(sub: typeof subscriptions.$inferSelect): Promise<string> {
  const id = randomUUID();
  await (await getDb()).insert(overageEntries).values({ id, subscriptionId: sub.id, periodStart: new Date(), periodEnd: new Date(Date.now() + DAY), billNow: false });
  return id;
}

describe("the database keeps statuses and references whole", () => {
  it("refuses a status the code does not know, and leaves the row as it was", async () => {
    const user = await createUser();
    const sub = await seedSubscription({ accountId: user.id });
    const db = await getDb();
    await expect(db.execute(sql`update subscriptions set status = 'canceled' where id = ${sub.id}`)).rejects.toThrow();
    await expect(db.execute(sql`update notifications set priority = 'critical'`)).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into ai_ready_orders (id, ai_employee_name, ai_phone_number, customer_email, web_chat_url, status) values (${randomUUID()}, 'A', '+1', 'a@example.com', 'https://x.example', 'done')`,
      ),
    ).rejects.toThrow();
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row!.status).toBe("active");
  });

  it("refuses usage and overage rows for a subscription that does not exist", async () => {
    const user = await createUser();
    const sub = await seedSubscription({ accountId: user.id });
    const ghost = { ...sub, id: randomUUID() };
    await expect(usageFor(ghost)).rejects.toThrow();
    await expect(overageFor(ghost)).rejects.toThrow();
  });

  it("deletes a subscription's usage and overage with it, and forgets a deleted order", async () => {
    const user = await createUser();
    const orderId = await orderFor(user.email);
    const sub = await seedSubscription({ accountId: user.id, aiReadyOrderId: orderId });
    const usageId = await usageFor(sub);
    const entryId = await overageFor(sub);
    const db = await getDb();

    await db.delete(aiReadyOrders).where(eq(aiReadyOrders.id, orderId));
    const [kept] = await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(kept!.aiReadyOrderId).toBeNull();

    await db.delete(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(await db.select().from(usageRecords).where(eq(usageRecords.id, usageId))).toEqual([]);
    expect(await db.select().from(overageEntries).where(eq(overageEntries.id, entryId))).toEqual([]);
  });

  it("stores notifications with a typed priority", async () => {
    const db = await getDb();
    const id = randomUUID();
    await db.insert(notifications).values({ id, type: "demo_lead", title: "t", message: "m" });
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    expect(row!.priority).toBe("normal");
  });
});

describe("migration 0003 converts an existing database", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("keeps the data, turns the next-invoice sentinel into a time and drops rows that point at nothing", async () => {
    // The migrations up to 0002, as a database deployed before this change had them.
    const before = mkdtempSync(path.join(tmpdir(), "migrations-0002-"));
    dirs.push(before);
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const journalPath = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith("0003_"));
    expect(upTo).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

    // As src/lib/db.ts opens it: migration 0004 creates the pg_trgm extension.
    const client = new PGlite("memory://", { extensions: { pg_trgm } });
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: before });
      const t = new Date("2026-10-01T00:00:00Z").toISOString();
      await client.exec(`
        insert into "user" (id, name, email, email_verified, created_at, updated_at) values ('u1', 'A', 'a@example.com', true, now(), now());
        insert into ai_ready_orders (id, ai_employee_name, ai_phone_number, customer_email, web_chat_url, status) values ('o1', 'Ava', '+1', 'a@example.com', 'https://x.example', 'claimed');
        insert into subscriptions (id, user_id, plan_id, billing, status, provider_customer_id, provider_subscription_id, ai_ready_order_id)
          values ('s1', 'u1', 'small', 'monthly', 'active', 'cus_1', 'sub_1', 'o1'), ('s2', 'u1', 'small', 'monthly', 'trialing', 'cus_1', 'sub_2', 'o-gone');
        insert into overage_entries (id, subscription_id, period_start, period_end, bill_now, status, provider_invoice_id, stripe_invoice_url, submitted_at)
          values ('e1', 's1', '${t}', '${t}', false, 'pending', 'next-invoice', null, '${t}'),
                 ('e2', 's1', '${t}', '${t}', true, 'billed', 'in_1', 'https://pay.example/in_1', '${t}'),
                 ('e3', 's-gone', '${t}', '${t}', true, 'draft', null, null, null);
        insert into overage_line_items (id, entry_id, stripe_price_id, product_name, quantity, unit_price, total_price) values ('l1', 'e2', 'price_1', 'Calls', 2, 100, 200);
        insert into usage_records (id, subscription_id, user_id, billing_cycle_id, period_start, period_end) values ('r1', 's1', 'u1', 'c', '${t}', '${t}'), ('r2', 's-gone', 'u1', 'c', '${t}', '${t}');
      `);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const rows = async (q: string) => (await client.query<Record<string, unknown>>(q)).rows;
      expect(await rows("select id, status, provider_invoice_id, invoice_url, handed_over_at from overage_entries order by id")).toEqual([
        { id: "e1", status: "pending", provider_invoice_id: null, invoice_url: null, handed_over_at: new Date(t) },
        { id: "e2", status: "billed", provider_invoice_id: "in_1", invoice_url: "https://pay.example/in_1", handed_over_at: null },
      ]);
      expect(await rows("select provider_price_id from overage_line_items")).toEqual([{ provider_price_id: "price_1" }]);
      expect(await rows("select id, ai_ready_order_id from subscriptions order by id")).toEqual([
        { id: "s1", ai_ready_order_id: "o1" },
        { id: "s2", ai_ready_order_id: null },
      ]);
      expect(await rows("select id from usage_records")).toEqual([{ id: "r1" }]);
      expect(await rows("select status from ai_ready_orders")).toEqual([{ status: "claimed" }]);
    } finally {
      await client.close();
    }
  });
});

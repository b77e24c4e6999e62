import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "./run-migrations";

/**
 * Issue 22: migrations 0012 and 0013 make the business account the tenant.
 * They run on a database of the release before (migrations up to 0011)
 * holding two customers' subscriptions, orders, calls, invoices, notices,
 * usage, a customer API key and sessions, and an admin with nothing; each
 * row must keep its owner, now as the owner's business account.
 */

let db: PGlite;
const rows = async <T>(q: string) => (await db.query<T>(q)).rows;
/** The account of each row of `table`, by the row's id. */
const accountsById = async (table: string) => Object.fromEntries((await rows<{ id: string; account_id: string | null }>(`select id, account_id from ${table}`)).map((r) => [r.id, r.account_id]));

beforeAll(async () => {
  db = new PGlite("memory://", { extensions: { pg_trgm } });
  await migrate(db, 0, 11);
  await db.exec(`
    insert into "user" (id, name, email, first_name, last_name, role) values
      ('u-ann', 'Ann Lee', 'ann@example.com', 'Ann', 'Lee', 'customer'),
      ('u-bob', 'Bob''s Plumbing', 'bob@example.com', null, null, 'customer'),
      ('u-admin', 'Avery Admin', 'admin@example.com', 'Avery', 'Admin', 'admin');
    insert into session (id, expires_at, token, user_id) values ('s-ann', now() + interval '1 day', 'tok-ann', 'u-ann'), ('s-bob', now() + interval '1 day', 'tok-bob', 'u-bob');
    insert into payment_customers (user_id, provider_customer_id) values ('u-ann', 'cus_ann'), ('u-bob', 'cus_bob');
    insert into ai_ready_orders (id, ai_employee_name, ai_phone_number, customer_email, web_chat_url, status, claimed_by_user_id) values
      ('o-ann', 'Nova', '+14155550142', 'ann@example.com', 'https://chat.example.com/nova', 'active', 'u-ann'),
      ('o-bob', 'Max', '+14155550199', 'bob@example.com', 'https://chat.example.com/max', 'claimed', 'u-bob'),
      ('o-new', 'Ivy', '+14155550100', 'new@example.com', 'https://chat.example.com/ivy', 'pending', null);
    insert into subscriptions (id, user_id, plan_id, billing, status, provider_customer_id, provider_subscription_id, ai_ready_order_id) values
      ('sub-ann', 'u-ann', 'small', 'monthly', 'active', 'cus_ann', 'psub_ann', 'o-ann'),
      ('sub-ann-old', 'u-ann', 'small', 'monthly', 'cancelled', 'cus_ann', 'psub_ann_old', null),
      ('sub-bob', 'u-bob', 'medium', 'annual', 'trialing', 'cus_bob', 'psub_bob', 'o-bob');
    insert into invoices (id, user_id, provider_invoice_id, description, amount_due, status, issued_at) values
      ('inv-ann', 'u-ann', 'pin_ann', 'Small plan', 19900, 'paid', now()),
      ('inv-bob', 'u-bob', 'pin_bob', 'Medium plan', 42000, 'open', now());
    insert into customer_notices (id, user_id, kind, title, message) values ('n-ann', 'u-ann', 'usage-alert', '80% used', 'm');
    insert into usage_records (id, subscription_id, user_id, billing_cycle_id, period_start, period_end, phone_inbound) values
      ('use-bob', 'sub-bob', 'u-bob', 'cycle-1', now() - interval '5 days', now() + interval '25 days', 3);
    insert into api_keys (id, name, key_hash, key_prefix, scope, scope_user_id) values ('key-bob', 'Bob''s CRM', 'h', 'aiek_x', 'customer', 'u-bob');
    insert into interactions (id, source_key, external_id, ai_ready_order_id, user_id, subscription_id, channel, direction, outcome, started_at, units_milli, unit_rule, source) values
      ('i-ann', 'platform:default', 'e1', 'o-ann', 'u-ann', 'sub-ann', 'phone', 'inbound', 'answered', now(), 1000, 'call', 'api'),
      ('i-bob', 'platform:default', 'e2', 'o-bob', 'u-bob', 'sub-bob', 'sms', 'inbound', 'answered', now(), 500, 'text', 'api'),
      ('i-unclaimed', 'platform:default', 'e3', 'o-new', null, null, 'phone', 'inbound', 'answered', now(), 1000, 'call', 'api');
  `);
  await migrate(db, 12, 13);
});

afterAll(() => db.close());

describe("migrations 0012 and 0013 (business accounts)", () => {
  it("make every user the owner of a business account named after their name (else their account name)", async () => {
    expect(await rows("select id, name from organization order by id")).toEqual([
      { id: "u-admin", name: "Avery Admin" },
      { id: "u-ann", name: "Ann Lee" },
      { id: "u-bob", name: "Bob's Plumbing" },
    ]);
    expect(await rows("select organization_id, user_id, role from member order by user_id")).toEqual([
      { organization_id: "u-admin", user_id: "u-admin", role: "owner" },
      { organization_id: "u-ann", user_id: "u-ann", role: "owner" },
      { organization_id: "u-bob", user_id: "u-bob", role: "owner" },
    ]);
  });

  it("keep every subscription, invoice, notice, usage record and payment customer with its owner's account", async () => {
    expect(await accountsById("subscriptions")).toEqual({ "sub-ann": "u-ann", "sub-ann-old": "u-ann", "sub-bob": "u-bob" });
    expect(await accountsById("invoices")).toEqual({ "inv-ann": "u-ann", "inv-bob": "u-bob" });
    expect(await accountsById("customer_notices")).toEqual({ "n-ann": "u-ann" });
    expect(await accountsById("usage_records")).toEqual({ "use-bob": "u-bob" });
    expect(await rows("select account_id, provider_customer_id from payment_customers order by account_id")).toEqual([
      { account_id: "u-ann", provider_customer_id: "cus_ann" },
      { account_id: "u-bob", provider_customer_id: "cus_bob" },
    ]);
  });

  it("keep every call with its owner's account, and unclaimed ones with none", async () => {
    expect(await accountsById("interactions")).toEqual({ "i-ann": "u-ann", "i-bob": "u-bob", "i-unclaimed": null });
  });

  it("give claimed orders their claimer's account and leave pending ones unclaimed; a customer key writes for the account", async () => {
    expect(await rows("select id, account_id, claimed_by_user_id from ai_ready_orders order by id")).toEqual([
      { id: "o-ann", account_id: "u-ann", claimed_by_user_id: "u-ann" },
      { id: "o-bob", account_id: "u-bob", claimed_by_user_id: "u-bob" },
      { id: "o-new", account_id: null, claimed_by_user_id: null },
    ]);
    expect(await rows("select id, scope_account_id from api_keys")).toEqual([{ id: "key-bob", scope_account_id: "u-bob" }]);
  });

  it("start existing sessions in their user's account, and drop the old user columns", async () => {
    expect(await rows("select id, active_organization_id from session order by id")).toEqual([
      { id: "s-ann", active_organization_id: "u-ann" },
      { id: "s-bob", active_organization_id: "u-bob" },
    ]);
    const left = await rows<{ table_name: string }>(
      "select table_name from information_schema.columns where column_name in ('user_id', 'scope_user_id') and table_name in ('subscriptions', 'invoices', 'payment_customers', 'customer_notices', 'usage_records', 'interactions', 'api_keys')",
    );
    expect(left).toEqual([]);
  });

  it("refuse a row without an account from now on", async () => {
    await expect(
      db.exec("insert into subscriptions (id, plan_id, billing, status, provider_customer_id, provider_subscription_id) values ('x', 'small', 'monthly', 'active', 'c', 'p')"),
    ).rejects.toThrow(/account_id/);
    await expect(
      db.exec("insert into subscriptions (id, account_id, plan_id, billing, status, provider_customer_id, provider_subscription_id) values ('x', 'nobody', 'small', 'monthly', 'active', 'c', 'p')"),
    ).rejects.toThrow(/foreign key/);
  });
});

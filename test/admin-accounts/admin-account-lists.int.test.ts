import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, member, organization, subscriptions, user } from "@/db/schema";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import type { AdminOrderListItem } from "@/features/orders/admin-orders-list.server";
import * as subscriptionList from "@app/api/admin/subscriptions/route";
import * as orderList from "@app/api/admin/ai-ready-orders/route";
import { call, createUser, type TestUser } from "../http-helpers";
import { insertSubscription } from "../interactions-fixtures";
import { insertOrder } from "../order-fixtures";
import { setAccountFields } from "../account-helpers";

/**
 * Issue 22, the operator's console (ADR 0110): the admin Subscriptions and
 * Orders lists name each row's business account and its owner (the oldest
 * member with the role owner), and `?account=<id>` keeps one account's rows,
 * keyset-paged like every admin list (ADR 0096), through an index.
 */

type Handler = (req: Request) => Promise<Response>;
let admin: TestUser;
let ada: TestUser; // owns account A (its id is her user id)
let bo: TestUser; // owns account B
const token = `acct${randomUUID().slice(0, 6)}`;
const aSubs: string[] = [];
const bSubs: string[] = [];
const aOrders: string[] = [];
const bOrders: string[] = [];
let pendingOrder = "";

async function get<T>(handler: Handler, path: string, cookie = admin.cookie): Promise<{ res: Response; body: T }> {
  const res = await call(handler, { path, cookie });
  return { res, body: (await res.json()) as T };
}

/** Follows X-Next-Cursor from `path`; every row of every page. */
async function walk<T>(handler: Handler, path: string): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const { res, body }: { res: Response; body: T[] } = await get<T[]>(handler, cursor ? `${path}&cursor=${cursor}` : path);
    expect(res.status).toBe(200);
    rows.push(...body);
    pages += 1;
    cursor = res.headers.get("x-next-cursor");
    expect(pages).toBeLessThan(50);
  } while (cursor);
  return { rows, pages };
}

/** The ids in the lists' order: newest first, id breaking ties. */
async function newest(ids: string[], table: typeof subscriptions | typeof aiReadyOrders): Promise<string[]> {
  const db = await getDb();
  const rows = await db.execute(sql`select id from ${table} where ${inArray(table.id, ids)} order by created_at desc, id desc`);
  return ((rows as unknown as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[])).map((r) => r.id);
}

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  ada = await createUser({ firstName: "Ada" });
  bo = await createUser({ firstName: "Bo" });
  await setAccountFields(ada.id, { name: `Ada Dental ${token}` });
  await setAccountFields(bo.id, { name: `Bo Plumbing ${token}` });
  const db = await getDb();
  // Account A also has an older manager and a newer second owner: the owner the lists name is the oldest owner, Ada.
  for (const [role, at] of [
    ["manager", new Date("2020-01-01T00:00:00Z")],
    ["owner", new Date(Date.now() + 86_400_000)],
  ] as const) {
    const id = randomUUID();
    await db.insert(user).values({ id, name: `${role} ${token}`, email: `${role}-${token}@example.com`, emailVerified: true });
    await db.insert(member).values({ id: randomUUID(), organizationId: ada.id, userId: id, role, createdAt: at });
  }
  const base = Date.now() - 5 * 86_400_000;
  const rows: Array<[string, string[], string[]]> = [
    [ada.id, aSubs, aOrders],
    [bo.id, bSubs, bOrders],
  ];
  for (const [accountId, subs, orders] of rows) {
    const n = accountId === ada.id ? 7 : 3;
    for (let i = 0; i < n; i++) {
      const subId = randomUUID();
      // Two rows of each account share a timestamp: the id breaks the tie.
      const createdAt = new Date(base + Math.max(i, 1) * 60_000 + (accountId === ada.id ? 0 : 30_000));
      const email = `c${i}-${token}@example.com`;
      const orderId = await insertOrder(`Agent${i} ${token}`, `+1 555 ${String(8000000 + i)}`, {
        customerEmail: email,
        webChatUrl: "https://chat.example.com/x",
        status: "active",
        subscriptionId: subId,
        accountId,
        createdAt,
      });
      await insertSubscription(accountId, {
        id: subId,
        providerStatus: "active",
        providerCustomerId: `cus_${token}_${accountId}`,
        providerSubscriptionId: `sub_${token}_${subId}`,
        aiReadyOrderId: orderId,
        createdAt,
      });
      subs.push(subId);
      orders.push(orderId);
    }
  }
  pendingOrder = await insertOrder(`Pending ${token}`, "+1 555 8009999", { customerEmail: `pending-${token}@example.com`, webChatUrl: "https://chat.example.com/x" });
});

describe("the admin Subscriptions list names the business account and its owner", () => {
  it("each row carries the account (name, not deleted) and its oldest owner's name and e-mail", async () => {
    const { res, body } = await get<AdminSubscription[]>(subscriptionList.GET, `/api/admin/subscriptions?q=${token}`);
    expect(res.status).toBe(200);
    expect(body).toHaveLength(10);
    const a = body.find((s) => s.id === aSubs[0])!;
    expect(a.accountId).toBe(ada.id);
    expect(a.account).toEqual({ id: ada.id, name: `Ada Dental ${token}`, deleted: false, owner: { name: "Ada User", email: ada.email, firstName: "Ada", lastName: "User" } });
    // The older `user` shape names the owner too (displayName, the usage picker).
    expect(a.user).toEqual({ firstName: "Ada", lastName: "User", email: ada.email });
    const b = body.find((s) => s.id === bSubs[0])!;
    expect(b.account).toEqual({ id: bo.id, name: `Bo Plumbing ${token}`, deleted: false, owner: { name: "Bo User", email: bo.email, firstName: "Bo", lastName: "User" } });
  });

  it("?account= keeps that account's subscriptions only, newest first, across pages", async () => {
    const { rows, pages } = await walk<AdminSubscription>(subscriptionList.GET, `/api/admin/subscriptions?account=${ada.id}&limit=3`);
    expect(pages).toBe(3);
    expect(rows.map((r) => r.id)).toEqual(await newest(aSubs, subscriptions));
    expect(rows.every((r) => r.account.id === ada.id)).toBe(true);
    const onlyB = await walk<AdminSubscription>(subscriptionList.GET, `/api/admin/subscriptions?account=${bo.id}&limit=2`);
    expect(onlyB.rows.map((r) => r.id)).toEqual(await newest(bSubs, subscriptions));
  });

  it("combines with search and the other filters; an unknown account is an empty list, a malformed one a 400", async () => {
    const { body } = await get<AdminSubscription[]>(subscriptionList.GET, `/api/admin/subscriptions?account=${bo.id}&q=${encodeURIComponent(`agent1 ${token}`)}&status=active`);
    expect(body.map((s) => s.id)).toEqual([bSubs[1]]);
    expect((await get<unknown[]>(subscriptionList.GET, "/api/admin/subscriptions?account=no-such-account")).body).toEqual([]);
    const bad = await get<{ message: string }>(subscriptionList.GET, `/api/admin/subscriptions?account=${"x".repeat(201)}`);
    expect(bad.res.status).toBe(400);
    expect(bad.body.message).toBe("account must be an account id");
  });

  it("searching a member's name finds the account's subscriptions (the account name itself is not searched)", async () => {
    const { body } = await get<AdminSubscription[]>(subscriptionList.GET, `/api/admin/subscriptions?q=${encodeURIComponent(`manager-${token}@example`)}`);
    expect(body.map((s) => s.id).sort()).toEqual([...aSubs].sort());
  });
});

describe("the admin Orders list names the business account and its owner", () => {
  it("a claimed order carries its account and owner; a pending one none", async () => {
    const { body } = await get<AdminOrderListItem[]>(orderList.GET, `/api/admin/ai-ready-orders?q=${token}`);
    expect(body).toHaveLength(11);
    expect(body.find((o) => o.id === aOrders[2])!.account).toEqual({
      id: ada.id,
      name: `Ada Dental ${token}`,
      deleted: false,
      owner: { name: "Ada User", email: ada.email, firstName: "Ada", lastName: "User" },
    });
    expect(body.find((o) => o.id === pendingOrder)!.account).toBeNull();
  });

  it("?account= keeps that account's orders only, newest first, across pages", async () => {
    const { rows, pages } = await walk<AdminOrderListItem>(orderList.GET, `/api/admin/ai-ready-orders?account=${ada.id}&limit=2`);
    expect(pages).toBe(4);
    expect(rows.map((r) => r.id)).toEqual(await newest(aOrders, aiReadyOrders));
    const onlyB = await walk<AdminOrderListItem>(orderList.GET, `/api/admin/ai-ready-orders?account=${bo.id}&status=active&limit=50`);
    expect(onlyB.rows.map((r) => r.id)).toEqual(await newest(bOrders, aiReadyOrders));
    expect((await get<{ message: string }>(orderList.GET, "/api/admin/ai-ready-orders?account=a%20b")).res.status).toBe(400);
  });
});

describe("a deleted account", () => {
  it("still lists its rows, marked deleted, with no owner", async () => {
    const db = await getDb();
    const gone = await createUser({ firstName: "Gone" });
    await insertSubscription(gone.id, { status: "cancelled", providerCustomerId: `cus_${token}_gone`, providerSubscriptionId: `sub_${token}_gone` });
    await db.update(organization).set({ deletedAt: new Date() }).where(eq(organization.id, gone.id));
    const removed = await db.delete(member).where(eq(member.organizationId, gone.id)).returning({ id: member.id });
    expect(removed).toHaveLength(1);
    const { body } = await get<AdminSubscription[]>(subscriptionList.GET, `/api/admin/subscriptions?account=${gone.id}`);
    expect(body).toHaveLength(1);
    expect(body[0]!.account).toMatchObject({ id: gone.id, deleted: true, owner: null });
    expect(body[0]!.user).toEqual({ firstName: null, lastName: null, email: "" });
  });
});

describe("access", () => {
  it("customers get 403 and anonymous callers 401, with or without ?account=", async () => {
    for (const [handler, path] of [
      [subscriptionList.GET, `/api/admin/subscriptions?account=${ada.id}`],
      [orderList.GET, `/api/admin/ai-ready-orders?account=${ada.id}`],
    ] as const) {
      expect((await call(handler, { path, cookie: ada.cookie })).status).toBe(403);
      expect((await call(handler, { path })).status).toBe(401);
    }
  });
});

describe("indexes", () => {
  it("the account filters are served by an index (enable_seqscan off)", async () => {
    const db = await getDb();
    const plans = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const orders = await tx.execute(
        sql`explain select ${aiReadyOrders.id} from ${aiReadyOrders} where ${aiReadyOrders.accountId} = ${ada.id} order by ${aiReadyOrders.createdAt} desc, ${aiReadyOrders.id} desc limit 51`,
      );
      const subs = await tx.execute(sql`explain select ${subscriptions.id} from ${subscriptions} where ${subscriptions.accountId} = ${ada.id}`);
      return [orders, subs].map((r) => JSON.stringify((r as unknown as { rows: unknown[] }).rows ?? r));
    });
    expect(plans[0]).toContain("ai_ready_orders_account_created_idx");
    expect(plans[1]).toContain("subscriptions_account_id_idx");
  });
});

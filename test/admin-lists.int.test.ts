import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, interactionNumberDigits, interactions, member, notifications, notificationSearchText, orderSearchText, organization, subscriptions, user, userSearchText } from "@/db/schema";
import * as subscriptionList from "@app/api/admin/subscriptions/route";
import * as orderList from "@app/api/admin/ai-ready-orders/route";
import * as notificationList from "@app/api/admin/notifications/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { insertSubscription } from "./interactions-fixtures";

/** ADR 0096: admin lists are keyset-paged JSON arrays with search and filters. */

let admin: TestUser;
let customer: TestUser;
// Every row of this file carries the token, so `q=<token>` isolates them from other files' rows.
const token = `zq${randomUUID().slice(0, 6)}`;
const SUBS = 23;
const subIds: string[] = [];
const orderIds: string[] = [];
const noteIds: string[] = [];

type Handler = (req: Request) => Promise<Response>;
async function get(handler: Handler, path: string, cookie = admin.cookie): Promise<Response> {
  return call(handler, { path, cookie });
}
async function ids(res: Response): Promise<string[]> {
  expect(res.status).toBe(200);
  const body = (await res.json()) as { id: string }[];
  expect(Array.isArray(body)).toBe(true);
  return body.map((r) => r.id);
}

/** Follows the Link rel="next" headers from `path`, returning every id in order. */
async function walk(handler: Handler, path: string): Promise<{ all: string[]; pages: number }> {
  const all: string[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const res = await get(handler, next);
    all.push(...(await ids(res)));
    pages += 1;
    const link = res.headers.get("link");
    const cursor = res.headers.get("x-next-cursor");
    if (link) {
      expect(link).toMatch(/^<[^>]+>; rel="next"$/);
      expect(cursor).toBeTruthy();
      next = /^<([^>]+)>/.exec(link)![1]!;
      expect(next).toContain(`cursor=${cursor}`);
    } else {
      expect(cursor).toBeNull();
      next = null;
    }
    expect(pages).toBeLessThan(100);
  }
  return { all, pages };
}

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  customer = await createUser();
  const db = await getDb();
  const base = Date.now() - 10 * 86_400_000;
  for (let i = 0; i < SUBS; i++) {
    const userId = randomUUID();
    await db.insert(user).values({
      id: userId,
      name: `Owner${i} ${token}`,
      email: `owner${i}-${token}@example.com`,
      firstName: `First${i}`,
      lastName: `Last${i}${token}`,
      emailVerified: true,
    });
    // Each customer owns a business account whose id is their user id (migration 0012).
    await db.insert(organization).values({ id: userId, name: `Biz${i} ${token}`, slug: `biz-${userId}` });
    await db.insert(member).values({ id: randomUUID(), organizationId: userId, userId, role: "owner" });
    const orderId = randomUUID();
    const subId = randomUUID();
    await db.insert(aiReadyOrders).values({
      id: orderId,
      aiEmployeeName: `Agent${i}${token}`,
      aiPhoneNumber: `+1 555 ${String(7000000 + i)}`,
      customerEmail: `owner${i}-${token}@example.com`,
      webChatUrl: "https://chat.example.com/x",
      status: i % 2 === 0 ? "active" : "pending",
      subscriptionId: subId,
      // The active ones were claimed into the customer's account.
      accountId: i % 2 === 0 ? userId : null,
      // Three rows share a timestamp: the id breaks the tie.
      createdAt: new Date(base + Math.max(i, 3) * 60_000),
    });
    orderIds.push(orderId);
    await insertSubscription(userId, {
      id: subId,
      planId: i % 3 === 0 ? "medium" : "small",
      status: i === 1 ? "past_due" : i === 2 ? "cancelled" : "active",
      providerStatus: i === 4 || i === 1 ? "past_due" : i === 2 ? "canceled" : "active",
      cancelAtPeriodEnd: i === 5 || i === 2,
      providerCustomerId: `cus_${token}_${i}`,
      providerSubscriptionId: `sub_${token}_${i}`,
      aiReadyOrderId: orderId,
      createdAt: new Date(base + Math.max(i, 3) * 60_000),
    });
    subIds.push(subId);
  }
  for (let i = 0; i < 9; i++) {
    const id = randomUUID();
    await db.insert(notifications).values({
      id,
      type: "test",
      title: `Note${i} ${token}`,
      message: `message ${i}`,
      isRead: i % 3 === 0,
      createdAt: new Date(base + i * 60_000),
    });
    noteIds.push(id);
  }
});

describe("GET /api/admin/subscriptions (paged)", () => {
  it("answers a JSON array of at most 50 items, with Link and X-Next-Cursor when more exist", async () => {
    const res = await get(subscriptionList.GET, `/api/admin/subscriptions?q=${token}&limit=5`);
    const page = await ids(res);
    expect(page).toHaveLength(5);
    expect(res.headers.get("link")).toMatch(/^<\/api\/admin\/subscriptions\?.*cursor=[^>]+>; rel="next"$/);
    expect(res.headers.get("x-next-cursor")).toBeTruthy();
    const first = await get(subscriptionList.GET, "/api/admin/subscriptions");
    expect((await ids(first)).length).toBeLessThanOrEqual(50);
  });

  it("walks every subscription exactly once, newest first, id breaking ties", async () => {
    const { all, pages } = await walk(subscriptionList.GET, `/api/admin/subscriptions?q=${token}&limit=4`);
    expect(pages).toBe(Math.ceil(SUBS / 4));
    expect(new Set(all).size).toBe(SUBS);
    expect([...all].sort()).toEqual([...subIds].sort());
    const db = await getDb();
    const expected = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(inArray(subscriptions.id, subIds))
      .orderBy(sql`${subscriptions.createdAt} desc, ${subscriptions.id} desc`);
    expect(all).toEqual(expected.map((r) => r.id));
  });

  it("searches by customer name, e-mail, AI employee name and phone number", async () => {
    const one = async (q: string) => ids(await get(subscriptionList.GET, `/api/admin/subscriptions?q=${encodeURIComponent(q)}`));
    expect(await one(`Owner7 ${token}`)).toEqual([subIds[7]]);
    expect(await one(`first7 last7${token}`)).toEqual([subIds[7]]);
    expect(await one(`OWNER8-${token}@example`)).toEqual([subIds[8]]);
    expect(await one(`agent9${token}`)).toEqual([subIds[9]]);
    expect(await one("555 7000010")).toEqual([subIds[10]]);
    expect(await one(`${token}%`)).toEqual([]);
  });

  it("filters by status, plan and flag", async () => {
    const list = async (extra: string) => ids(await get(subscriptionList.GET, `/api/admin/subscriptions?q=${token}&${extra}`));
    expect(await list("status=past_due")).toEqual([subIds[1]]);
    expect(await list("status=cancelled")).toEqual([subIds[2]]);
    const medium = await list("plan=medium");
    expect([...medium].sort()).toEqual(subIds.filter((_, i) => i % 3 === 0).sort());
    expect(await list("flag=mismatch")).toEqual([subIds[4]]);
    // The ended subscription (2) is never "cancelling" (ADR 0088).
    expect(await list("flag=cancelling")).toEqual([subIds[5]]);
    expect(await list("flag=ended")).toEqual([subIds[2]]);
    expect(await list("status=active&plan=medium&flag=cancelling")).toEqual([]);
  });

  it("answers 400 with a message for bad parameters", async () => {
    for (const q of ["limit=0", "limit=500", "limit=abc", "cursor=%%%", "cursor=bm90LWpzb24", "cursor=WyJ4Il0", "status=sleeping", "plan=gigantic", "flag=odd"]) {
      const res = await get(subscriptionList.GET, `/api/admin/subscriptions?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { message: string }).message, q).toMatch(/limit|cursor|status|plan|flag/);
    }
  });

  it("is for admins only", async () => {
    expect((await get(subscriptionList.GET, "/api/admin/subscriptions", customer.cookie)).status).toBe(403);
    expect((await call(subscriptionList.GET, { path: "/api/admin/subscriptions" })).status).toBe(401);
  });
});

describe("GET /api/admin/ai-ready-orders (paged)", () => {
  it("walks every order once, newest first; searches and filters by status", async () => {
    const { all } = await walk(orderList.GET, `/api/admin/ai-ready-orders?q=${token}&limit=6`);
    expect([...all].sort()).toEqual([...orderIds].sort());
    expect(all).toHaveLength(SUBS);
    const pending = await ids(await get(orderList.GET, `/api/admin/ai-ready-orders?q=${token}&status=pending`));
    expect([...pending].sort()).toEqual(orderIds.filter((_, i) => i % 2 === 1).sort());
    expect(await ids(await get(orderList.GET, `/api/admin/ai-ready-orders?q=agent12${token}`))).toEqual([orderIds[12]]);
    expect((await get(orderList.GET, "/api/admin/ai-ready-orders?status=lost")).status).toBe(400);
    expect((await get(orderList.GET, "/api/admin/ai-ready-orders?limit=51")).status).toBe(400);
    expect((await get(orderList.GET, "/api/admin/ai-ready-orders", customer.cookie)).status).toBe(403);
  });
});

describe("GET /api/admin/notifications (paged)", () => {
  it("puts unread first, then newest, across pages; unread=true keeps the unread ones", async () => {
    const { all } = await walk(notificationList.GET, `/api/admin/notifications?q=${token}&limit=2`);
    const unread = [8, 7, 5, 4, 2, 1].map((i) => noteIds[i]);
    const read = [6, 3, 0].map((i) => noteIds[i]);
    expect(all).toEqual([...unread, ...read]);
    expect(await ids(await get(notificationList.GET, `/api/admin/notifications?q=${token}&unread=true`))).toEqual(unread);
    expect((await get(notificationList.GET, "/api/admin/notifications?unread=maybe")).status).toBe(400);
    expect((await get(notificationList.GET, "/api/admin/notifications?cursor=WyJ4Il0")).status).toBe(400);
    expect((await get(notificationList.GET, "/api/admin/notifications", customer.cookie)).status).toBe(403);
    expect((await call(notificationList.GET, { path: "/api/admin/notifications" })).status).toBe(401);
  });
});

describe("trigram indexes", () => {
  it("the searches' own expressions are served by the trigram indexes (enable_seqscan off)", async () => {
    const db = await getDb();
    const p = `%${token}%`;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute(sql`explain select ${user.id} from ${user} where ${userSearchText(user)} like ${p}`);
      const orders = await tx.execute(sql`explain select ${aiReadyOrders.id} from ${aiReadyOrders} where ${orderSearchText(aiReadyOrders)} like ${p}`);
      const notes = await tx.execute(sql`explain select ${notifications.id} from ${notifications} where ${notificationSearchText(notifications)} like ${p}`);
      const numbers = await tx.execute(sql`explain select ${interactions.id} from ${interactions} where ${interactionNumberDigits(interactions)} like ${"%5550123%"}`);
      return [res, orders, notes, numbers].map((r) => JSON.stringify((r as unknown as { rows: unknown[] }).rows ?? r)).join("\n");
    });
    expect(plan).toContain("user_search_trgm_idx");
    expect(plan).toContain("ai_ready_orders_search_trgm_idx");
    expect(plan).toContain("notifications_search_trgm_idx");
    // The call log's number search (issue 13).
    expect(plan).toContain("interactions_numbers_trgm_idx");
  });

  it("the migration created the pg_trgm extension", async () => {
    const db = await getDb();
    const res = await db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(JSON.stringify(res)).toContain("pg_trgm");
    await db.delete(notifications).where(eq(notifications.id, "none"));
  });
});

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { emailMessages, notifications, subscriptions, aiReadyOrders } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { orderSetupEmailJob } from "@/features/orders/orders.server";
import { welcomeEmailJob } from "@/features/admin/welcome-email.server";
import { createNotification } from "@/features/notifications/notify.server";
import { REQUIRED_FIELDS_MESSAGE } from "@/features/orders/order.schema";
import { seedSubscription } from "@/features/usage/testing/seed";
import * as collection from "@app/api/admin/ai-ready-orders/route";
import * as item from "@app/api/admin/ai-ready-orders/[id]/route";
import * as notificationList from "@app/api/admin/notifications/route";
import * as notificationRead from "@app/api/admin/notifications/[id]/read/route";
import * as welcome from "@app/api/admin/send-welcome-email/route";
import { call, createUser, type TestUser } from "./http-helpers";

let admin: TestUser;
let customer: TestUser;
const unique = () => `owner-${randomUUID().slice(0, 8)}@example.com`;
const order = (email = unique()) => ({
  aiEmployeeName: "Ava",
  aiPhoneNumber: "+1 (555) 123-4567",
  customerEmail: email,
  webChatUrl: "https://chat.example.com/ava",
  aiAvatarUrl: "/api/objects/avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.png",
});

async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

beforeAll(async () => {
  // The queue without workers: tests run the due jobs themselves (drainJobs).
  await startJobs({ jobs: [orderSetupEmailJob, welcomeEmailJob], workers: false });
  admin = await createUser({ role: "admin" });
  customer = await createUser();
});

describe("AI-ready orders API", () => {
  it("refuses an order with a blank required field with the spec's message", async () => {
    for (const field of ["aiEmployeeName", "aiPhoneNumber", "customerEmail", "webChatUrl"]) {
      const res = await call(collection.POST, { method: "POST", path: "/api/admin/ai-ready-orders", cookie: admin.cookie, body: { ...order(), [field]: "" } });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe(REQUIRED_FIELDS_MESSAGE);
    }
    const missing = await call(collection.POST, { method: "POST", path: "/api/admin/ai-ready-orders", cookie: admin.cookie, body: {} });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe(REQUIRED_FIELDS_MESSAGE);
  });

  it("refuses a bad e-mail, a script link as chat URL, a foreign avatar path and broken JSON", async () => {
    const bad = async (body: unknown) => {
      const res = await call(collection.POST, { method: "POST", path: "/api/admin/ai-ready-orders", cookie: admin.cookie, body });
      expect(res.status).toBe(400);
      return (await json(res)).message as string;
    };
    expect(await bad({ ...order(), customerEmail: "owner@example" })).toBe("Invalid Email: Please enter a valid email address.");
    expect(await bad({ ...order(), webChatUrl: "javascript:alert(1)" })).toMatch(/^Invalid Web Chat URL/);
    expect(await bad({ ...order(), aiAvatarUrl: "/api/objects/../secret" })).toMatch(/^Invalid Avatar/);
    expect(await bad("{not json")).toMatch(/valid JSON/);
  });

  it("creates an order, lists it newest first and e-mails the customer the setup instructions through the job queue", async () => {
    const email = unique();
    const db = await getDb();
    const res = await call(collection.POST, { method: "POST", path: "/api/admin/ai-ready-orders", cookie: admin.cookie, body: order(email.toUpperCase()) });
    expect(res.status).toBe(201);
    const created = await json<{ id: string; status: string; customerEmail: string; aiAvatarUrl: string }>(res);
    expect(created).toMatchObject({ status: "pending", customerEmail: email, aiAvatarUrl: order().aiAvatarUrl });

    // Queued, not yet sent: the e-mail is written by the durable job.
    expect(await db.select().from(emailMessages).where(eq(emailMessages.to, email))).toHaveLength(0);
    await drainJobs();
    const mails = await db.select().from(emailMessages).where(eq(emailMessages.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Ava");
    expect(mails[0]!.text).toContain("/billing");
    expect(mails[0]!.text).toContain("Verify your e-mail address");
    expect(mails[0]!.html).toContain("<ol");
    expect(mails[0]!.kind).toBe("ai-ready-order-setup");
    await drainJobs();
    expect(await db.select().from(emailMessages).where(eq(emailMessages.to, email))).toHaveLength(1);

    const second = await json<{ id: string }>(await call(collection.POST, { method: "POST", path: "/api/admin/ai-ready-orders", cookie: admin.cookie, body: { ...order(), aiAvatarUrl: null } }));
    const list = await json<Array<{ id: string }>>(await call(collection.GET, { path: "/api/admin/ai-ready-orders", cookie: admin.cookie }));
    const ids = list.map((o) => o.id);
    expect(ids).toContain(created.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(created.id));
  });

  it("updates an order with PATCH and answers 404 for an unknown id", async () => {
    const created = await json<{ id: string }>(await call(collection.POST, { method: "POST", path: "/api/admin/ai-ready-orders", cookie: admin.cookie, body: order() }));
    const patch = await call(item.PATCH, {
      method: "PATCH",
      path: `/api/admin/ai-ready-orders/${created.id}`,
      cookie: admin.cookie,
      params: { id: created.id },
      body: { ...order("new-owner@example.com"), aiEmployeeName: "Ava Two", webChatUrl: "chat.example.com/two" },
    });
    expect(patch.status).toBe(200);
    expect(await json(patch)).toMatchObject({ aiEmployeeName: "Ava Two", customerEmail: "new-owner@example.com", webChatUrl: "https://chat.example.com/two" });
    const read = await json(await call(item.GET, { path: `/api/admin/ai-ready-orders/${created.id}`, cookie: admin.cookie, params: { id: created.id } }));
    expect(read.aiEmployeeName).toBe("Ava Two");

    const invalid = await call(item.PATCH, {
      method: "PATCH",
      path: `/api/admin/ai-ready-orders/${created.id}`,
      cookie: admin.cookie,
      params: { id: created.id },
      body: { ...order(), aiPhoneNumber: "" },
    });
    expect(invalid.status).toBe(400);
    expect((await json(invalid)).message).toBe(REQUIRED_FIELDS_MESSAGE);

    const missing = randomUUID();
    const res = await call(item.PATCH, { method: "PATCH", path: `/api/admin/ai-ready-orders/${missing}`, cookie: admin.cookie, params: { id: missing }, body: order() });
    expect(res.status).toBe(404);
    expect((await json(res)).message).toBe("AI Ready Order not found");
  });

  it("deletes an order, unlinks a subscription that claimed it, and a second delete is 404", async () => {
    const created = await json<{ id: string }>(await call(collection.POST, { method: "POST", path: "/api/admin/ai-ready-orders", cookie: admin.cookie, body: order() }));
    const db = await getDb();
    const { id: subId } = await seedSubscription({ accountId: customer.id, status: "trialing", aiReadyOrderId: created.id });
    const del = await call(item.DELETE, { method: "DELETE", path: `/api/admin/ai-ready-orders/${created.id}`, cookie: admin.cookie, params: { id: created.id } });
    expect(del.status).toBe(200);
    expect(await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, created.id))).toHaveLength(0);
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub!.aiReadyOrderId).toBeNull();
    const again = await call(item.DELETE, { method: "DELETE", path: `/api/admin/ai-ready-orders/${created.id}`, cookie: admin.cookie, params: { id: created.id } });
    expect(again.status).toBe(404);
    // The queued setup e-mail of a deleted order is dropped, not sent.
    await drainJobs();
  });

  it("answers 403 to a customer and does not create anything", async () => {
    const email = unique();
    const res = await call(collection.POST, { method: "POST", path: "/api/admin/ai-ready-orders", cookie: customer.cookie, body: order(email) });
    expect(res.status).toBe(403);
    const db = await getDb();
    expect(await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.customerEmail, email))).toHaveLength(0);
  });
});

describe("notifications API", () => {
  it("lists notifications newest first and marks one read", async () => {
    const tag = randomUUID().slice(0, 8);
    await createNotification({ type: "demo_lead", title: `Lead ${tag}`, message: "New demo lead", priority: "normal" });
    await new Promise((r) => setTimeout(r, 5));
    await createNotification({ type: "trial_started", title: `Trial ${tag}`, message: "Trial started", priority: "high" });
    const list = await json<Array<{ id: string; title: string; isRead: boolean; priority: string; type: string; createdAt: string }>>(
      await call(notificationList.GET, { path: "/api/admin/notifications", cookie: admin.cookie }),
    );
    const mine = list.filter((n) => n.title.endsWith(tag));
    expect(mine.map((n) => n.title)).toEqual([`Trial ${tag}`, `Lead ${tag}`]);
    expect(mine[0]).toMatchObject({ type: "trial_started", priority: "high", isRead: false });

    const id = mine[0]!.id;
    const res = await call(notificationRead.PUT, { method: "PUT", path: `/api/admin/notifications/${id}/read`, cookie: admin.cookie, params: { id } });
    expect(res.status).toBe(200);
    expect((await json(res)).isRead).toBe(true);
    const db = await getDb();
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    expect(row!.isRead).toBe(true);
    const [other] = await db.select().from(notifications).where(eq(notifications.id, mine[1]!.id));
    expect(other!.isRead).toBe(false);

    const missing = randomUUID();
    const notFound = await call(notificationRead.PUT, { method: "PUT", path: `/api/admin/notifications/${missing}/read`, cookie: admin.cookie, params: { id: missing } });
    expect(notFound.status).toBe(404);
  });

  it("refuses a customer", async () => {
    expect((await call(notificationList.GET, { path: "/api/admin/notifications", cookie: customer.cookie })).status).toBe(403);
  });
});

describe("welcome e-mail", () => {
  it("e-mails the subscription's user a welcome through the job queue; unknown subscription is 404", async () => {
    const user = await createUser({ firstName: "Wendy" });
    const db = await getDb();
    const { id: subId } = await seedSubscription({ accountId: user.id, planId: "medium", billing: "annual" });
    const res = await call(welcome.POST, { method: "POST", path: "/api/admin/send-welcome-email", cookie: admin.cookie, body: { subscriptionId: subId } });
    expect(res.status).toBe(202);
    await drainJobs();
    const mails = await db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, user.email), eq(emailMessages.kind, "welcome")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Hi Wendy,");
    expect(mails[0]!.text).toContain("Medium");

    const missing = await call(welcome.POST, { method: "POST", path: "/api/admin/send-welcome-email", cookie: admin.cookie, body: { subscriptionId: randomUUID() } });
    expect(missing.status).toBe(404);
    const blank = await call(welcome.POST, { method: "POST", path: "/api/admin/send-welcome-email", cookie: admin.cookie, body: {} });
    expect(blank.status).toBe(400);
    expect((await json(blank)).message).toContain("subscriptionId is required");
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, auditEvents, interactions, member, organization, subscriptions } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import { NO_ACCOUNT_MESSAGE } from "@/features/accounts/no-access";
import { GET as getInteraction } from "@app/api/interactions/[id]/route";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { GET as listInteractions } from "@app/api/interactions/route";
import { GET as getUser } from "@app/api/auth/user/route";
import { authPost, call, completeSubscriptionAs, createUser, TEST_PASSWORD } from "./http-helpers";
import { memberOf, switchTo } from "./account-helpers";
import { customerWithAiEmployee } from "./interactions-fixtures";
import { confirmedSetupIntent } from "./checkout-helpers";

/**
 * Issue 22: the business account is the tenant. A billing member claims an AI
 * employee into the account they work in; a user in two accounts sees each
 * account's records only while working in it; the free trial is the
 * account's, not the login's; a removed member's next request is refused.
 */

async function addOrder(email: string): Promise<string> {
  const id = randomUUID();
  await (await getDb()).insert(aiReadyOrders).values({ id, aiEmployeeName: "Sophie", aiPhoneNumber: "+15555550123", customerEmail: email, webChatUrl: "https://chat.example.com/s" });
  return id;
}

beforeAll(() => setProviderForTests(undefined));

describe("claiming into the active account", () => {
  it("a billing member's checkout claims the AI employee prepared for their address into the account they work in", async () => {
    const owner = await createUser();
    const bookkeeper = await memberOf(owner.id, "billing");
    const orderId = await addOrder(bookkeeper.email);
    const setupIntentId = await confirmedSetupIntent(bookkeeper);
    const res = await completeSubscriptionAs(bookkeeper, { setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: orderId });
    expect(res.status).toBe(200);
    const db = await getDb();
    const [order] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, orderId));
    expect([order!.accountId, order!.claimedByUserId, order!.status]).toEqual([owner.id, bookkeeper.id, "claimed"]);
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.aiReadyOrderId, orderId));
    expect(subs.map((s) => s.accountId)).toEqual([owner.id]);
    // The bookkeeper's own (empty) account holds nothing.
    expect(await db.select().from(subscriptions).where(eq(subscriptions.accountId, bookkeeper.id))).toEqual([]);
    // The account's log says the subscription started.
    const log = await db.select().from(auditEvents).where(eq(auditEvents.accountId, owner.id));
    expect(log.map((e) => e.action)).toContain("subscription.started");
  });

  it("the e-mail still decides: a member cannot claim an AI employee prepared for someone else's address", async () => {
    const owner = await createUser();
    const bookkeeper = await memberOf(owner.id, "billing");
    const orderId = await addOrder(`someone-${randomUUID().slice(0, 6)}@example.com`);
    const setupIntentId = await confirmedSetupIntent(bookkeeper);
    const res = await completeSubscriptionAs(bookkeeper, { setupIntentId, planId: "small", billing: "monthly", aiEmployeeId: orderId });
    expect(res.status).toBe(404);
    const [order] = await (await getDb()).select().from(aiReadyOrders).where(eq(aiReadyOrders.id, orderId));
    expect([order!.accountId, order!.status]).toEqual([null, "pending"]);
  });
});

describe("one free trial per account", () => {
  it("a second billing member of an account whose trial is used gets a paid start, not a second trial", async () => {
    const owner = await createUser();
    const first = await memberOf(owner.id, "billing");
    const si1 = await confirmedSetupIntent(first);
    expect((await completeSubscriptionAs(first, { setupIntentId: si1, planId: "small", billing: "monthly", aiEmployeeId: null })).status).toBe(200);
    const second = await memberOf(owner.id, "billing");
    const si = (await (await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: second.cookie, body: {} })).json()) as { trial: boolean };
    expect(si.trial).toBe(false);
  });
});

describe("switching between accounts", () => {
  it("a user in two accounts reads each account's records only while working in it (404 otherwise)", async () => {
    const a = await customerWithAiEmployee();
    const b = await customerWithAiEmployee();
    const db = await getDb();
    const callOf = async (orderId: string, accountId: string) => {
      const id = randomUUID();
      await db.insert(interactions).values({
        id,
        sourceKey: "platform:default",
        externalId: id,
        aiReadyOrderId: orderId,
        accountId,
        channel: "phone",
        direction: "inbound",
        outcome: "answered",
        startedAt: new Date(),
        unitsMilli: 1000,
        unitRule: "call",
        source: "api",
      });
      return id;
    };
    const inA = await callOf(a.orderId, a.user.id);
    const inB = await callOf(b.orderId, b.user.id);
    const agency = await memberOf(a.user.id, "manager");
    await db.insert(member).values({ id: randomUUID(), organizationId: b.user.id, userId: agency.id, role: "staff" });

    const read = (id: string) => call(getInteraction, { path: `/api/interactions/${id}`, params: { id }, cookie: agency.cookie });
    const listed = async () => ((await (await call(listInteractions, { path: "/api/interactions", cookie: agency.cookie })).json()) as { items: { id: string }[] }).items.map((i) => i.id);
    expect((await read(inA)).status).toBe(200);
    expect((await read(inB)).status).toBe(404);
    expect(await listed()).toEqual([inA]);

    await switchTo(agency, b.user.id);
    expect((await read(inB)).status).toBe(200);
    expect((await read(inA)).status).toBe(404);
    expect(await listed()).toEqual([inB]);
    const me = (await (await call(getUser, { path: "/api/auth/user", cookie: agency.cookie })).json()) as { account: { id: string; role: string }; accounts: { id: string }[]; permissions: string[] };
    expect(me.account).toMatchObject({ id: b.user.id, role: "staff" });
    expect(me.accounts.map((x) => x.id).sort()).toEqual([a.user.id, b.user.id, agency.id].sort());
    expect(me.permissions).toEqual(["calls.read", "calls.reportSpam", "settings.read"]);
  });

  it("a removed member's next request is refused at once, even with a live session", async () => {
    const a = await customerWithAiEmployee();
    const staff = await memberOf(a.user.id, "staff", { alone: true });
    const list = () => call(listInteractions, { path: "/api/interactions", cookie: staff.cookie });
    expect((await list()).status).toBe(200);
    const db = await getDb();
    const removed = await db.delete(member).where(eq(member.userId, staff.id)).returning();
    expect(removed).toHaveLength(1);
    const res = await list();
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(NO_ACCOUNT_MESSAGE);
    const me = (await (await call(getUser, { path: "/api/auth/user", cookie: staff.cookie })).json()) as { account: unknown; permissions: string[]; subscription: unknown };
    expect([me.account, me.permissions, me.subscription]).toEqual([null, [], null]);
  });
});

describe("the audit log hears of sign-ins and business details", () => {
  it("a sign-in from a device not seen before is logged in each of the user's accounts; the same device again is not", async () => {
    const owner = await createUser();
    const signIn = (agent: string) => authPost("/sign-in/email", { email: owner.email, password: TEST_PASSWORD }, { headers: { "user-agent": agent } });
    const db = await getDb();
    const logged = async () => (await db.select().from(auditEvents).where(eq(auditEvents.accountId, owner.id))).filter((e) => e.action === "sign_in.new_device");
    const before = (await logged()).length;
    expect((await signIn("Mozilla/5.0 (Macintosh) Firefox/140.0")).status).toBe(200);
    expect((await signIn("Mozilla/5.0 (Macintosh) Firefox/140.0")).status).toBe(200);
    const after = await logged();
    expect(after.length - before).toBe(1);
    expect(after.at(-1)).toMatchObject({ actorUserId: owner.id, actorEmail: owner.email, detail: "Mozilla/5.0 (Macintosh) Firefox/140.0" });
  });

  it("business details are checked (400 with the reason, nothing stored) and a change is logged", async () => {
    const owner = await createUser();
    const db = await getDb();
    const bad = await authPost("/organization/update", { organizationId: owner.id, data: { timeZone: "Mars/Olympus" } }, { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("Choose a time zone from the list.");
    const ok = await authPost(
      "/organization/update",
      { organizationId: owner.id, data: { name: "Bright Smile Dental", timeZone: "America/Chicago", billingEmail: "books@example.com" } },
      { cookie: owner.cookie },
    );
    expect(ok.status).toBe(200);
    const [row] = await db.select().from(organization).where(eq(organization.id, owner.id));
    expect([row!.name, row!.timeZone, row!.billingEmail]).toEqual(["Bright Smile Dental", "America/Chicago", "books@example.com"]);
    const log = await db.select().from(auditEvents).where(eq(auditEvents.accountId, owner.id));
    expect(log.filter((e) => e.action === "settings.changed").map((e) => e.detail)).toEqual(["Business details: name, timeZone, billingEmail"]);
  });

  it("staff may not change business details (the plugin's organization.update follows settings.edit)", async () => {
    const owner = await createUser();
    const staff = await memberOf(owner.id, "staff");
    const res = await authPost("/organization/update", { organizationId: owner.id, data: { name: "Taken over" } }, { cookie: staff.cookie });
    expect(res.status).toBe(403);
    const [row] = await (await getDb()).select().from(organization).where(eq(organization.id, owner.id));
    expect(row!.name).not.toBe("Taken over");
  });
});

describe("a login without an account starts one", () => {
  it("creates a business account it owns and works in; an empty name is refused", async () => {
    const owner = await createUser();
    const left = await memberOf(owner.id, "staff", { alone: true });
    await (await getDb()).delete(member).where(eq(member.userId, left.id));
    const empty = await authPost("/organization/create", { name: "  ", slug: `account-${randomUUID()}` }, { cookie: left.cookie });
    expect(empty.status).toBe(400);
    const made = await authPost("/organization/create", { name: "Front Desk Pros", slug: `account-${randomUUID()}` }, { cookie: left.cookie });
    expect(made.status).toBe(200);
    const { id } = (await made.json()) as { id: string };
    await switchTo(left, id);
    const me = (await (await call(getUser, { path: "/api/auth/user", cookie: left.cookie })).json()) as { account: { id: string; name: string; role: string } };
    expect(me.account).toMatchObject({ id, name: "Front Desk Pros", role: "owner" });
  });
});

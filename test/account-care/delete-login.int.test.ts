import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { auditEvents, interactions, aiReadyOrders, invoices, jobKeys, member, organization, session, user } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { deletionCancelJob, deletionCancelKey } from "@/features/account-care/account-closing.server";
import { GET as listInteractions } from "@app/api/interactions/route";
import { authPost, call, createUser, TEST_PASSWORD, type TestUser } from "../http-helpers";
import { memberOf } from "../account-helpers";
import { insertInteraction, insertSubscription } from "../interactions-fixtures";

/**
 * Issue 22, "Delete my login" (better-auth's /delete-user with our
 * beforeDelete): the last owner of an account that has other members is
 * refused with a message naming the account; anyone else may go. An account
 * the user is the only member of is deleted with the login, as its owner
 * would delete it.
 */

const rows = async (table: typeof user | typeof member | typeof session | typeof organization) => Number((await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n);
const counts = async () => ({ users: await rows(user), members: await rows(member), sessions: await rows(session) });
const deleteLogin = (u: TestUser, password = TEST_PASSWORD) => authPost("/delete-user", { password }, { cookie: u.cookie });
const message = async (res: Response) => ((await res.json()) as { message?: string }).message ?? "";

async function nameAccount(id: string, name: string): Promise<void> {
  await (await getDb()).update(organization).set({ name }).where(eq(organization.id, id));
}

beforeAll(async () => {
  await startJobs({ jobs: [deletionCancelJob], workers: false });
});

describe("delete my login", () => {
  it("refuses the last owner of an account with other members, naming it, and changes nothing", async () => {
    const owner = await createUser();
    await nameAccount(owner.id, "Bright Smile Dental");
    await memberOf(owner.id, "staff", { alone: true });
    const before = await counts();
    const res = await deleteLogin(owner);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(
      "You are the last owner of Bright Smile Dental, an account that has other members. Before you delete your login, make another member an owner or delete the business account on the Account page (/account).",
    );
    expect(await counts()).toEqual(before);
  });

  it("names every account it is the last owner of", async () => {
    const owner = await createUser();
    await nameAccount(owner.id, "Bright Smile Dental");
    await memberOf(owner.id, "manager", { alone: true });
    const second = await createUser();
    await nameAccount(second.id, "Acme Dental");
    const db = await getDb();
    await db.insert(member).values({ id: randomUUID(), organizationId: second.id, userId: owner.id, role: "owner" });
    await db
      .update(member)
      .set({ role: "staff" })
      .where(and(eq(member.organizationId, second.id), eq(member.userId, second.id)));
    const res = await deleteLogin(owner);
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^You are the last owner of Acme Dental and Bright Smile Dental, accounts that have other members\./);
  });

  it("refuses a wrong password and changes nothing", async () => {
    const u = await createUser();
    const before = await counts();
    expect((await deleteLogin(u, "Not-The-Password-42")).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("lets an owner go once another member is an owner too: the account and its members stay", async () => {
    const owner = await createUser();
    const partner = await memberOf(owner.id, "owner", { alone: true });
    const staff = await memberOf(owner.id, "staff", { alone: true });
    const before = await counts();
    const res = await deleteLogin(owner);
    expect(res.status).toBe(200);
    expect(await counts()).toEqual({ users: before.users - 1, members: before.members - 1, sessions: before.sessions - 1 });
    const db = await getDb();
    const left = await db.select({ userId: member.userId, role: member.role }).from(member).where(eq(member.organizationId, owner.id));
    expect(left.sort((a, b) => a.role.localeCompare(b.role))).toEqual([
      { userId: partner.id, role: "owner" },
      { userId: staff.id, role: "staff" },
    ]);
    const [org] = await db.select().from(organization).where(eq(organization.id, owner.id));
    expect(org!.deletedAt).toBeNull();
    expect((await call(listInteractions, { path: "/api/interactions", cookie: staff.cookie })).status).toBe(200);
    expect((await call(listInteractions, { path: "/api/interactions", cookie: owner.cookie })).status).toBe(401);
  });

  it("lets a member go: their membership ends, the account they belonged to stays", async () => {
    const owner = await createUser();
    const staff = await memberOf(owner.id, "staff", { alone: true });
    const before = await counts();
    const res = await deleteLogin(staff);
    expect(res.status).toBe(200);
    expect(await counts()).toEqual({ users: before.users - 1, members: before.members - 1, sessions: before.sessions - 1 });
    expect(await (await getDb()).select().from(member).where(eq(member.organizationId, owner.id))).toHaveLength(1);
  });

  it("deletes an account the user is the only member of with the login: subscription cancelled through a job, calls anonymised, invoices kept", async () => {
    const u = await createUser();
    await nameAccount(u.id, "Solo Plumbing");
    const db = await getDb();
    const orderId = randomUUID();
    await db.insert(aiReadyOrders).values({ id: orderId, aiEmployeeName: "Max", aiPhoneNumber: "+15550001111", customerEmail: u.email, webChatUrl: "https://chat.example.com/m" });
    const subscriptionId = await insertSubscription(u.id, { aiReadyOrderId: orderId });
    const callId = await insertInteraction({ orderId, accountId: u.id }, { summary: "Leaking tap" });
    await db.insert(invoices).values({ id: randomUUID(), accountId: u.id, providerInvoiceId: `in_${randomUUID()}`, description: "Small plan", amountDue: 14900, status: "paid", issuedAt: new Date() });

    const before = await counts();
    const res = await deleteLogin(u);
    expect(res.status).toBe(200);
    expect(await counts()).toEqual({ users: before.users - 1, members: before.members - 1, sessions: before.sessions - 1 });

    const [org] = await db.select().from(organization).where(eq(organization.id, u.id));
    expect(org!.deletedAt).toBeInstanceOf(Date);
    const [c] = await db.select().from(interactions).where(eq(interactions.id, callId));
    expect([c!.summary, c!.fromNumber, c!.anonymizedAt instanceof Date]).toEqual([null, null, true]);
    expect(await db.select().from(invoices).where(eq(invoices.accountId, u.id))).toHaveLength(1);
    const jobs = await db
      .select()
      .from(jobKeys)
      .where(eq(jobKeys.idempotencyKey, deletionCancelKey(`sub_${subscriptionId}`)));
    expect(jobs).toHaveLength(1);
    // The audit entry outlives the login; its actor's address is kept as written.
    const log = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, u.id), eq(auditEvents.action, "account.deleted")));
    expect(log.map((e) => [e.actorUserId, e.actorEmail])).toEqual([[null, u.email]]);
  });
});

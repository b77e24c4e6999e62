import { randomUUID } from "node:crypto";
import { and, eq, isNull, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, apiKeys, auditEvents, interactions, invitation, invoices, jobKeys, member, organization, subscriptions } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { drainJobs } from "@/lib/jobs/testing.server";
import { getSandboxProvider, setProviderForTests } from "@/features/billing/provider";
import { advanceSandboxClock } from "@/features/billing/sandbox/store.server";
import { deletionCancelJob, deletionCancelKey } from "@/features/account-care/account-closing.server";
import { NO_ACCOUNT_MESSAGE } from "@/features/accounts/no-access";
import { DELETE as deleteAccount } from "@app/api/account/route";
import { GET as listInteractions } from "@app/api/interactions/route";
import { call, completeSubscriptionAs, createUser, type TestUser } from "../http-helpers";
import { memberOf } from "../account-helpers";
import { confirmedSetupIntent } from "../checkout-helpers";
import { insertInteraction } from "../interactions-fixtures";

/**
 * Issue 22: deleting a business account (DELETE /api/account, account.delete)
 * cancels its subscriptions at the provider through durable jobs, keeps its
 * invoices, anonymises its calls and messages, removes every member and
 * pending invitation (their next request is refused), and writes
 * "account.deleted" to its audit log. Only an owner may; the account's name
 * must be typed.
 */

const ACCOUNT = "Bright Smile Dental";

/** An AI employee prepared for `email`, with a subscription on the sandbox provider (trialing) for the owner's account. */
async function subscribe(owner: TestUser): Promise<{ orderId: string; providerSubscriptionId: string }> {
  const db = await getDb();
  const orderId = randomUUID();
  await db
    .insert(aiReadyOrders)
    .values({ id: orderId, aiEmployeeName: "Sophie", aiPhoneNumber: `+1555${Math.floor(Math.random() * 1e7)}`, customerEmail: owner.email, webChatUrl: "https://chat.example.com/s" });
  const res = await completeSubscriptionAs(owner, { setupIntentId: await confirmedSetupIntent(owner), planId: "small", billing: "monthly", aiEmployeeId: orderId });
  expect(res.status).toBe(200);
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.aiReadyOrderId, orderId));
  return { orderId, providerSubscriptionId: sub!.providerSubscriptionId };
}

async function addCalls(accountId: string, orderId: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await insertInteraction(
      { orderId, accountId },
      {
        startedAt: new Date(Date.now() - (i + 1) * 3_600_000),
        toNumber: "+15550100300",
        summary: "Booked a cleaning for Tuesday",
        transcript: [{ speaker: "caller", text: "Hi, this is Jane Doe" }],
        recordingUrl: "https://recordings.example.com/r.mp3",
      },
    );
  }
}

async function addInvoices(accountId: string, n: number): Promise<void> {
  const db = await getDb();
  for (let i = 0; i < n; i++) {
    await db
      .insert(invoices)
      .values({ id: randomUUID(), accountId, providerInvoiceId: `in_${randomUUID()}`, description: "Small plan", amountDue: 14900, amountPaid: 14900, status: "paid", issuedAt: new Date() });
  }
}

const count = async (table: typeof member | typeof invoices | typeof invitation, where: ReturnType<typeof eq>) =>
  Number(
    (
      await (
        await getDb()
      )
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(where)
    )[0]!.n,
  );

const remove = (u: TestUser, confirm?: unknown) => call(deleteAccount, { method: "DELETE", path: "/api/account", cookie: u.cookie, body: confirm === undefined ? {} : { confirm } });

describe("DELETE /api/account", () => {
  let owner: TestUser;
  let manager: TestUser;
  let staff: TestUser;
  let bookkeeper: TestUser;
  let neighbour: TestUser;
  let providerSubscriptionId: string;
  let neighbourCall: string;

  beforeAll(async () => {
    setProviderForTests(undefined);
    await startJobs({ jobs: [deletionCancelJob], workers: false });
    owner = await createUser({ firstName: "Olga" });
    const db = await getDb();
    await db.update(organization).set({ name: ACCOUNT }).where(eq(organization.id, owner.id));
    manager = await memberOf(owner.id, "manager", { alone: true });
    staff = await memberOf(owner.id, "staff", { alone: true });
    bookkeeper = await memberOf(owner.id, "billing", { alone: true });
    const sub = await subscribe(owner);
    providerSubscriptionId = sub.providerSubscriptionId;
    await addCalls(owner.id, sub.orderId, 3);
    await addInvoices(owner.id, 2);
    await db
      .insert(invitation)
      .values({ id: randomUUID(), organizationId: owner.id, email: "newhire@example.com", role: "staff", status: "pending", expiresAt: new Date(Date.now() + 86_400_000), inviterId: owner.id });
    await db.insert(apiKeys).values({ id: randomUUID(), name: "front desk", keyHash: randomUUID(), keyPrefix: "aie_x", scope: "customer", scopeAccountId: owner.id });

    // Another account, with a call of its own and the same name typed by its owner.
    neighbour = await createUser();
    const neighbourOrder = randomUUID();
    await db.insert(aiReadyOrders).values({ id: neighbourOrder, aiEmployeeName: "Nova", aiPhoneNumber: "+15550009999", customerEmail: neighbour.email, webChatUrl: "https://chat.example.com/n" });
    await addCalls(neighbour.id, neighbourOrder, 1);
    neighbourCall = (await db.select({ id: interactions.id }).from(interactions).where(eq(interactions.accountId, neighbour.id)))[0]!.id;
  });

  it("refuses manager, staff and billing members with 403 naming account.delete, and changes nothing", async () => {
    for (const u of [manager, staff, bookkeeper]) {
      const res = await remove(u, ACCOUNT);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toContain("(account.delete)");
    }
    expect(await count(member, eq(member.organizationId, owner.id))).toBe(4);
    const [org] = await (await getDb()).select().from(organization).where(eq(organization.id, owner.id));
    expect(org!.deletedAt).toBeNull();
  });

  it("a member of another account cannot delete this one: they act in their own account, whose name does not match", async () => {
    const res = await remove(neighbour, ACCOUNT);
    expect(res.status).toBe(400);
    expect(await count(member, eq(member.organizationId, owner.id))).toBe(4);
    expect(await count(member, eq(member.organizationId, neighbour.id))).toBe(1);
    const db = await getDb();
    const deleted = await db
      .select({ id: organization.id })
      .from(organization)
      .where(sql`${organization.deletedAt} is not null`);
    expect(deleted).toEqual([]);
  });

  it("asks for the account's name: a missing or wrong name is a 400 with a message, and nothing changes", async () => {
    for (const confirm of [undefined, "bright smile dental", "Bright Smile"]) {
      const res = await remove(owner, confirm);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(`To delete the business account, type its name exactly as shown: ${ACCOUNT}`);
    }
    expect((await remove(owner, 42)).status).toBe(400);
    expect(await count(member, eq(member.organizationId, owner.id))).toBe(4);
    expect(await (await getDb()).select().from(jobKeys).where(like(jobKeys.idempotencyKey, "account-deleted-cancel-%"))).toEqual([]);
  });

  it("the owner deletes it: subscriptions cancelled through jobs, invoices kept, calls anonymised, members and invitation gone, audit entry written", async () => {
    const db = await getDb();
    const res = await remove(owner, `  ${ACCOUNT} `);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: `${ACCOUNT} is deleted.`,
      accountId: owner.id,
      accountName: ACCOUNT,
      subscriptionsCancelled: 1,
      interactionsAnonymised: 3,
      membersRemoved: 4,
      invitationsCancelled: 1,
      apiKeysRevoked: 1,
      invoicesKept: 2,
    });

    const [org] = await db.select().from(organization).where(eq(organization.id, owner.id));
    expect(org!.deletedAt).toBeInstanceOf(Date);
    expect(org!.name).toBe(ACCOUNT);
    expect(await count(member, eq(member.organizationId, owner.id))).toBe(0);
    expect(await count(invitation, eq(invitation.organizationId, owner.id))).toBe(0);
    expect(await count(invoices, eq(invoices.accountId, owner.id))).toBe(2);

    // Calls keep their time, outcome and units; what identifies a person is gone. The other account's call is untouched.
    const calls = await db.select().from(interactions).where(eq(interactions.accountId, owner.id));
    expect(calls).toHaveLength(3);
    for (const c of calls) {
      expect([c.transcript, c.recordingUrl, c.summary, c.fromNumber, c.toNumber]).toEqual([null, null, null, null, null]);
      expect(c.anonymizedAt).toBeInstanceOf(Date);
      expect(c.unitsMilli).toBe(1000);
    }
    const [other] = await db.select().from(interactions).where(eq(interactions.id, neighbourCall));
    expect([other!.summary, other!.anonymizedAt]).toEqual(["Booked a cleaning for Tuesday", null]);

    const keys = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.scopeAccountId, owner.id), isNull(apiKeys.revokedAt)));
    expect(keys).toEqual([]);

    // The audit entry stays with the account, naming who deleted it.
    const log = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, owner.id), eq(auditEvents.action, "account.deleted")));
    expect(log.map((e) => [e.actorUserId, e.actorEmail, e.detail])).toEqual([[owner.id, owner.email, ACCOUNT]]);

    // One durable job per subscription, under its idempotency key; the mirror says it ends with its period.
    const jobs = await db.select().from(jobKeys).where(like(jobKeys.idempotencyKey, "account-deleted-cancel-%"));
    expect(jobs.map((j) => [j.idempotencyKey, j.kind])).toEqual([[deletionCancelKey(providerSubscriptionId), "account-care.cancel-subscription"]]);
    const [mirror] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
    expect(mirror!.cancelAtPeriodEnd).toBe(true);
  });

  it("every member's next request is refused at once", async () => {
    for (const u of [owner, manager, staff, bookkeeper]) {
      const res = await call(listInteractions, { path: "/api/interactions", cookie: u.cookie });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(NO_ACCOUNT_MESSAGE);
    }
    // Deleting again is refused the same way: nobody holds account.delete for it now.
    expect((await remove(owner, ACCOUNT)).status).toBe(403);
  });

  it("the job cancels the subscription at the provider (once, however often it runs), and it ends with its period unbilled", async () => {
    await drainJobs();
    const sandbox = (await getSandboxProvider())!;
    const atProvider = await sandbox.retrieveSubscription(providerSubscriptionId);
    expect(atProvider!.cancelAtPeriodEnd).toBe(true);
    const db = await getDb();
    const [mirror] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
    expect(mirror!.providerCancelAtPeriodEnd).toBe(true);
    expect(await db.select().from(jobKeys).where(like(jobKeys.idempotencyKey, "account-deleted-cancel-%"))).toHaveLength(1);

    // Past the trial's end the provider has cancelled it, and no new invoice was issued.
    const invoicesBefore = await sandbox.listInvoices(atProvider!.customerId, 100);
    await advanceSandboxClock(20);
    const ended = await sandbox.retrieveSubscription(providerSubscriptionId);
    expect(ended!.status).toBe("canceled");
    expect(await sandbox.listInvoices(atProvider!.customerId, 100)).toHaveLength(invoicesBefore.length);
    expect(await count(invoices, eq(invoices.accountId, owner.id))).toBe(2);
  });
});

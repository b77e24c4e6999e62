import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { config } from "@/lib/config";
import { getDb, type DbOrTx } from "@/lib/db";
import { account, aiReadyOrders, member, organization, session, user } from "@/db/schema";

export const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-password", firstName: "Avery", lastName: "Admin" };
export const DEMO_CUSTOMER = { email: "customer@example.com", password: "customer-demo-password", firstName: "Casey", lastName: "Customer" };
/** A second demo customer with an active subscription and a month of calls (issue 13; its data comes from the interactions feature). */
export const DEMO_ACTIVE_CUSTOMER = { email: "owner@example.com", password: "owner-demo-password", firstName: "Dana", lastName: "Diaz" };
/** The active demo business account (issue 22): Dana owns it; Frankie at the front desk is a staff member. */
export const DEMO_BUSINESS = { name: "Diaz Family Dental" };
export const DEMO_STAFF = { email: "frontdesk@example.com", password: "frontdesk-demo-password", firstName: "Frankie", lastName: "Front" };

/** What start-up prints beside each demo account. */
const DEMO_NOTES: Record<string, string> = {
  [DEMO_CUSTOMER.email]: "has a pending AI employee",
  [DEMO_ACTIVE_CUSTOMER.email]: `owner of ${DEMO_BUSINESS.name}: active subscription, a month of calls`,
  [DEMO_STAFF.email]: `staff member of ${DEMO_BUSINESS.name}: calls and dashboard, settings read-only, no billing`,
};

type DemoAccount = typeof DEMO_ADMIN;

/** What start-up prints: a password only when this start created or changed it, or while it is the published one on a loopback URL. */
export type DemoAccounts = {
  created: boolean;
  accounts: Array<{ email: string; role: "admin" | "customer"; password: string | null; note?: string }>;
};

async function createUser(db: DbOrTx, u: DemoAccount, role: "admin" | "customer") {
  const id = randomUUID();
  await db.insert(user).values({
    id,
    name: `${u.firstName} ${u.lastName}`,
    email: u.email,
    emailVerified: true,
    firstName: u.firstName,
    lastName: u.lastName,
    role,
  });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(u.password),
  });
  return id;
}

/** A business account owned by `ownerId` (its id is the owner's, as for every account made with its first login; ADR 0107). */
async function createBusinessAccount(db: DbOrTx, ownerId: string, name: string): Promise<string> {
  await db.insert(organization).values({ id: ownerId, name, slug: `account-${ownerId}` });
  await db.insert(member).values({ id: `member-${ownerId}`, organizationId: ownerId, userId: ownerId, role: "owner" });
  return ownerId;
}

const randomPassword = () => randomBytes(15).toString("base64url");

/**
 * Seeds an admin, a customer with no subscription and one pending AI-ready
 * order for that customer, and a second customer whose subscription and calls
 * the server's `demoData` hooks add (issue 13), into an empty database (in production only with
 * SEED_DEMO_DATA=always). The published demo passwords are used only while
 * PUBLIC_BASE_URL is a loopback address; with any other base URL the demo
 * accounts get random passwords, printed once. A later start on a
 * non-loopback URL replaces a published password that is still in place.
 */
export async function seedDemoAccounts(): Promise<DemoAccounts | null> {
  const cfg = config();
  if (cfg.SEED_DEMO_DATA === "never") return null;
  if (cfg.isProduction && cfg.SEED_DEMO_DATA !== "always") return null;
  // Instances that start together seed one at a time: the first creates the
  // accounts, the others find them (a transaction-scoped advisory lock).
  return (await getDb()).transaction(async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    return seedUnderLock(db);
  });
}

/** The advisory lock key of demo seeding (any constant unique to this app). */
const SEED_LOCK = 7_164_202_611;

async function seedUnderLock(db: DbOrTx): Promise<DemoAccounts | null> {
  const cfg = config();
  const loopback = cfg.baseUrlIsLoopback;
  const demo = [
    { ...DEMO_ADMIN, role: "admin" as const },
    { ...DEMO_CUSTOMER, role: "customer" as const },
    { ...DEMO_ACTIVE_CUSTOMER, role: "customer" as const },
    { ...DEMO_STAFF, role: "customer" as const },
  ];
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(user)) as [{ count: number }];
  if (Number(count) === 0) {
    const accounts = demo.map((d) => ({ ...d, password: loopback ? d.password : randomPassword() }));
    const ids = new Map<string, string>();
    for (const a of accounts) ids.set(a.email, await createUser(db, a, a.role));
    // Business accounts: Casey's own, and Dana's dental practice with Frankie as staff (the admin is an operator, in none).
    await createBusinessAccount(db, ids.get(DEMO_CUSTOMER.email)!, `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`);
    const dental = await createBusinessAccount(db, ids.get(DEMO_ACTIVE_CUSTOMER.email)!, DEMO_BUSINESS.name);
    await db.insert(member).values({ id: randomUUID(), organizationId: dental, userId: ids.get(DEMO_STAFF.email)!, role: "staff" });
    await db.insert(aiReadyOrders).values({
      id: randomUUID(),
      aiEmployeeName: "Sophie",
      aiPhoneNumber: "+1 (555) 010-4477",
      customerEmail: DEMO_CUSTOMER.email,
      webChatUrl: "https://chat.example.com/sophie",
      status: "pending",
    });
    return { created: true, accounts: accounts.map((a) => ({ email: a.email, role: a.role, password: a.password, note: DEMO_NOTES[a.email] })) };
  }
  const accounts: DemoAccounts["accounts"] = [];
  for (const d of demo) {
    const [row] = await db
      .select({ id: user.id, hash: account.password })
      .from(user)
      .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
      .where(eq(user.email, d.email))
      .limit(1);
    if (!row?.hash) continue;
    const published = await verifyPassword({ hash: row.hash, password: d.password });
    if (!published) {
      accounts.push({ email: d.email, role: d.role, password: null, note: DEMO_NOTES[d.email] });
    } else if (loopback) {
      accounts.push({ email: d.email, role: d.role, password: d.password, note: DEMO_NOTES[d.email] });
    } else {
      const fresh = randomPassword();
      await db
        .update(account)
        .set({ password: await hashPassword(fresh) })
        .where(eq(account.userId, row.id));
      await db.delete(session).where(eq(session.userId, row.id));
      accounts.push({ email: d.email, role: d.role, password: fresh, note: DEMO_NOTES[d.email] });
    }
  }
  return accounts.length ? { created: false, accounts } : null;
}

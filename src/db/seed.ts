import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { account, aiReadyOrders, user } from "@/db/schema";

export const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-password", firstName: "Avery", lastName: "Admin" };
export const DEMO_CUSTOMER = { email: "customer@example.com", password: "customer-demo-password", firstName: "Casey", lastName: "Customer" };

type Seeded = { admin: { email: string; password: string }; customer: { email: string; password: string } };

async function createUser(
  db: Awaited<ReturnType<typeof getDb>>,
  u: { email: string; password: string; firstName: string; lastName: string },
  role: "admin" | "customer",
) {
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

/**
 * Seeds an admin, a customer with no subscription and one pending AI-ready
 * order for that customer, only into an empty database and, in production,
 * only when SEED_DEMO_DATA=always (then with random passwords).
 */
export async function seedIfEmpty(): Promise<(Seeded & { created: boolean }) | null> {
  const cfg = config();
  if (cfg.SEED_DEMO_DATA === "never") return null;
  if (cfg.isProduction && cfg.SEED_DEMO_DATA !== "always") return null;
  const db = await getDb();
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(user)) as [{ count: number }];
  // A real production database gets random demo passwords; the local quick start gets known ones.
  const strictProduction = cfg.isProduction && !cfg.ALLOW_EMBEDDED_IN_PRODUCTION;
  if (Number(count) > 0) {
    if (strictProduction) return null;
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ADMIN.email)).limit(1);
    if (!existing) return null;
    return { created: false, admin: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }, customer: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } };
  }
  const password = (fallback: string) => (strictProduction ? randomBytes(12).toString("base64url") : fallback);
  const admin = { ...DEMO_ADMIN, password: password(DEMO_ADMIN.password) };
  const customer = { ...DEMO_CUSTOMER, password: password(DEMO_CUSTOMER.password) };
  await createUser(db, admin, "admin");
  await createUser(db, customer, "customer");
  await db.insert(aiReadyOrders).values({
    id: randomUUID(),
    aiEmployeeName: "Sophie",
    aiPhoneNumber: "+1 (555) 010-4477",
    customerEmail: customer.email,
    webChatUrl: "https://chat.example.com/sophie",
    status: "pending",
  });
  return { created: true, admin: { email: admin.email, password: admin.password }, customer: { email: customer.email, password: customer.password } };
}

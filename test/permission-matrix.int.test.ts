import { randomUUID } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { customerNotices, invoices, member, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";
import { ROUTE_ACCESS, type RouteNeed } from "@/lib/http/route-access";
import { can, PERMISSIONS, ROLES, type Permission } from "@/features/accounts/permissions";
import { NO_ACCOUNT_MESSAGE } from "@/features/accounts/no-access";
import { call, createUser, type TestUser } from "./http-helpers";
import { memberOf } from "./account-helpers";
import { customerWithAiEmployee, insertInteraction } from "./interactions-fixtures";

/**
 * Issue 22: every API route × every kind of caller. Each entry of
 * ROUTE_ACCESS is called as the account's owner, manager, staff and billing
 * members, a member of another account, an anonymous caller and an operator
 * admin who belongs to no account; the answer must follow the table:
 * - public: the session changes nothing (the route's own credential, an API
 *   key, a signature or a signed link, decides): every caller gets the same
 *   status;
 * - user: anonymous 401, everyone signed in passes;
 * - admin: anonymous 401, the operator admin passes, everyone else 403;
 * - a permission: anonymous 401; the operator admin (no account) 403 with
 *   the no-access message; a member passes when their role holds it, else
 *   403 naming the permission; a member of another account acts in their
 *   own account, and is answered 404 for this account's records.
 * "Passes" means neither 401 nor 403 (a body the route finds wrong is a 400;
 * that is the route's business, not the permission's). A route file without
 * an entry fails test/route-authorization.int.test.ts.
 */

const apiDir = path.resolve(import.meta.dirname, "../app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Caller = "owner" | "manager" | "staff" | "billing" | "otherAccount" | "anonymous" | "operatorAdmin";
const CALLERS: Caller[] = ["owner", "manager", "staff", "billing", "otherAccount", "anonymous", "operatorAdmin"];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}
const fileOf = new Map(routeFiles(apiDir).map((f) => [path.relative(apiDir, path.dirname(f)).split(path.sep).join("/"), f]));

/** Public routes that end the caller's session: called with a throwaway login instead, so the matrix's callers stay signed in. */
const SESSION_ENDING = new Set(["logout"]);

/** Routes whose [id] names one of the account's own records: another account gets 404 for them. */
const RECORD_ROUTES = new Set([
  "interactions/[id]",
  "interactions/[id]/report-spam",
  "notices/[id]/read",
  "subscriptions/[id]/resume",
  "subscriptions/[id]/change-preview",
  "subscriptions/[id]/change-plan",
  "invoices/[id]/pdf",
  "interactions/[id]/handled",
  // issue 24: the AI employee's settings
  "ai-employees/[id]/settings",
  "ai-employees/[id]/settings/versions",
  "ai-employees/[id]/settings/versions/[version]/restore",
  "ai-employees/[id]/settings/sync",
  "ai-employees/[id]/preview",
  // issue 25: webhook endpoints and their deliveries
  "webhook-endpoints/[id]",
  "webhook-endpoints/[id]/rotate-secret",
  "webhook-endpoints/[id]/deliveries",
  "webhook-endpoints/[id]/test",
  "webhook-deliveries/[id]/resend",
]);

type Expected = "same" | "pass" | "401" | "403" | "403-permission" | "404";

function expected(need: RouteNeed, caller: Caller, key: string): Expected {
  // Signing out answers a signed-in caller differently (it ends the session): nobody is refused.
  if (need === "public") return SESSION_ENDING.has(key) ? "pass" : "same";
  if (caller === "anonymous") return "401";
  if (need === "user") return "pass";
  if (need === "admin") return caller === "operatorAdmin" ? "pass" : "403";
  const permission = need as Permission;
  if (caller === "operatorAdmin") return "403";
  if (caller === "otherAccount") return RECORD_ROUTES.has(key) ? "404" : "pass";
  return can(caller, permission) ? "pass" : "403-permission";
}

const users = {} as Record<Exclude<Caller, "anonymous">, TestUser>;
let interactionId = "";
let noticeId = "";
let invoiceId = "";
let subscriptionId = "";
let aiEmployeeId = "";
let webhookDeliveryId = "";
let ownerAccountId = "";
const tally: Record<string, number> = {};

beforeAll(async () => {
  process.env.ENABLE_TEST_TOOLS = "true";
  const { resetConfigForTests } = await import("@/lib/config");
  resetConfigForTests();
  const owned = await customerWithAiEmployee();
  users.owner = owned.user;
  subscriptionId = owned.subscriptionId!;
  aiEmployeeId = owned.orderId;
  const accountId = owned.user.id;
  ownerAccountId = accountId;
  for (const role of ["manager", "staff", "billing"] as const) users[role] = await memberOf(accountId, role, { alone: true });
  users.otherAccount = (await customerWithAiEmployee()).user;
  users.operatorAdmin = await createUser({ role: "admin" });
  const db = await getDb();
  // The operator admin belongs to no business account: admin rights give none.
  await db.delete(member).where(eq(member.userId, users.operatorAdmin.id));
  interactionId = await insertInteraction({ orderId: owned.orderId, accountId });
  noticeId = randomUUID();
  await db.insert(customerNotices).values({ id: noticeId, accountId, kind: "usage-alert", title: "80% used", message: "m" });
  invoiceId = randomUUID();
  await db.insert(invoices).values({ id: invoiceId, accountId, providerInvoiceId: `in_matrix_${invoiceId}`, description: "Small plan", amountDue: 14900, status: "open", issuedAt: new Date() });
  const endpointId = await newWebhookEndpoint(accountId);
  const eventId = `msg_${randomUUID()}`;
  await db
    .insert(webhookEvents)
    .values({ id: eventId, accountId, type: "call.completed", payload: { type: "call.completed", timestamp: new Date().toISOString(), data: {} }, dedupeKey: `matrix:${eventId}` });
  webhookDeliveryId = randomUUID();
  await db.insert(webhookDeliveries).values({ id: webhookDeliveryId, eventId, endpointId, accountId, status: "failed", attempts: 1 });
});

/** A webhook endpoint of the account: each call gets its own, so a DELETE passing for one caller leaves the next a record to be refused. */
async function newWebhookEndpoint(accountId: string): Promise<string> {
  const id = randomUUID();
  const db = await getDb();
  await db.insert(webhookEndpoints).values({ id, accountId, url: "https://hooks.example.com/matrix", eventTypes: ["call.completed"], secret: "sealed-placeholder" });
  return id;
}

afterAll(() => {
  // The matrix in numbers, for the note.
  console.info(`permission matrix: ${JSON.stringify(tally)}`);
});

describe("the permission table", () => {
  it("names only known permissions", () => {
    for (const [key, methods] of Object.entries(ROUTE_ACCESS)) {
      for (const need of Object.values(methods)) {
        expect(["public", "user", "admin", ...PERMISSIONS], `/api/${key}`).toContain(need);
      }
    }
  });

  it("gives each role exactly the permissions of issue 22 (and integrations.manage, issue 25)", () => {
    const held = Object.fromEntries(ROLES.map((r) => [r, PERMISSIONS.filter((p) => can(r, p))]));
    expect(held).toEqual({
      owner: [...PERMISSIONS],
      manager: ["calls.read", "calls.export", "calls.reportSpam", "settings.read", "settings.edit", "members.manage", "integrations.manage"],
      staff: ["calls.read", "calls.reportSpam", "settings.read"],
      billing: ["billing.read", "billing.manage"],
    });
  });
});

describe("every route answers every caller as the table says", () => {
  for (const [key, methods] of Object.entries(ROUTE_ACCESS)) {
    for (const method of METHODS) {
      const need = methods[method];
      if (!need) continue;
      it(`${method} /api/${key} (${need})`, async () => {
        const file = fileOf.get(key);
        expect(file, `app/api/${key}/route.ts`).toBeDefined();
        const mod = (await import(file!)) as Record<Method, (req: Request, ctx?: unknown) => Promise<Response>>;
        let first: number | null = null;
        for (const caller of CALLERS) {
          const want = expected(need, caller, key);
          const params: Record<string, string | string[]> = {};
          for (const m of key.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)) {
            const value = key.startsWith("webhook-endpoints/")
              ? await newWebhookEndpoint(ownerAccountId)
              : key.startsWith("webhook-deliveries/")
                ? webhookDeliveryId
                : m[2] === "version"
                  ? "1"
                  : key.includes("ai-employees/")
                    ? aiEmployeeId
                    : key.startsWith("invoices/")
                      ? invoiceId
                      : key.startsWith("notices/")
                        ? noticeId
                        : key.startsWith("interactions/")
                          ? interactionId
                          : key.startsWith("subscriptions/")
                            ? subscriptionId
                            : "00000000-0000-0000-0000-000000000000";
            params[m[2]!] = m[1] ? [value] : value;
          }
          const cookie = caller === "anonymous" ? undefined : SESSION_ENDING.has(key) ? (await createUser()).cookie : users[caller].cookie;
          const res = await call(mod[method], {
            method,
            path: `/api/${key}`,
            params,
            cookie,
            body: method === "GET" || method === "DELETE" ? undefined : {},
          });
          const text = await res.text();
          const where = `${method} /api/${key} as ${caller}: ${res.status} ${text.slice(0, 200)}`;
          if (want === "same") expect(res.status, where).toBe((first ??= res.status));
          if (want === "pass") expect([401, 403], where).not.toContain(res.status);
          if (want === "401") expect(res.status, where).toBe(401);
          if (want === "403") {
            expect(res.status, where).toBe(403);
            if (caller === "operatorAdmin") expect(text, where).toContain(NO_ACCOUNT_MESSAGE);
          }
          if (want === "403-permission") {
            expect(res.status, where).toBe(403);
            expect(text, where).toContain(`(${need})`);
          }
          if (want === "404") expect(res.status, where).toBe(404);
          tally[want] = (tally[want] ?? 0) + 1;
        }
      });
    }
  }
});

import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { invitation, member } from "@/db/schema";
import { getAuth } from "@/features/auth/auth.server";
import { getAdminAccount, type AdminAccountView } from "@/features/admin-accounts/admin-account.server";
import * as accountApi from "@app/api/admin/accounts/[id]/route";
import AccountPage from "@app/admin/accounts/[id]/page";
import { call, createUser, type TestUser } from "../http-helpers";
import { insertSubscription } from "../interactions-fixtures";
import { setAccountFields } from "../account-helpers";

/**
 * Issue 22, the operator's console (ADR 0110): a read-only page shows one
 * business account (details, members with roles, pending invitations, links
 * to its rows in the admin lists) to the operator's admins, and offers no
 * edit and no impersonation. 404 for an unknown account.
 */

// The request the page renders for: its cookie.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

let admin: TestUser;
let owner: TestUser;
let staff: TestUser;
let stranger: TestUser;
const token = randomUUID().slice(0, 6);
const DAY = 86_400_000;

/** Renders the page as `cookie` would see it; the markup, or the error Next's notFound() throws. */
async function renderPage(id: string, cookie: string): Promise<string> {
  request.headers = new Headers({ cookie });
  const element = (await AccountPage({ params: Promise.resolve({ id }) } as never)) as ReactElement;
  return renderToStaticMarkup(element);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  owner = await createUser({ firstName: "Olga" });
  staff = await createUser({ firstName: "Sam" });
  stranger = await createUser({ firstName: "Stan" });
  await setAccountFields(owner.id, { name: `Clinic ${token}`, billingEmail: `billing-${token}@example.com`, timeZone: "Europe/Berlin" });
  const db = await getDb();
  await db.insert(member).values({ id: randomUUID(), organizationId: owner.id, userId: staff.id, role: "staff", createdAt: new Date(Date.now() + 1000) });
  const invite = (email: string, status: string, expiresAt: Date, role = "manager") =>
    db.insert(invitation).values({ id: randomUUID(), organizationId: owner.id, email, role, status, expiresAt, inviterId: owner.id });
  await invite(`frontdesk-${token}@example.com`, "pending", new Date(Date.now() + 7 * DAY));
  await invite(`late-${token}@example.com`, "pending", new Date(Date.now() - DAY), "billing");
  await invite(`joined-${token}@example.com`, "accepted", new Date(Date.now() + 7 * DAY));
  await invite(`withdrawn-${token}@example.com`, "canceled", new Date(Date.now() + 7 * DAY));
  await insertSubscription(owner.id, { providerCustomerId: `cus_${token}`, providerSubscriptionId: `sub_${token}` });
});

describe("the account page's data", () => {
  it("lists the details, the members with their roles (oldest first) and the pending invitations", async () => {
    const a = (await getAdminAccount(owner.id))!;
    expect(a).toMatchObject({ id: owner.id, name: `Clinic ${token}`, billingEmail: `billing-${token}@example.com`, timeZone: "Europe/Berlin", deletedAt: null });
    expect(a.members.map((m) => [m.name, m.email, m.role])).toEqual([
      ["Olga User", owner.email, "owner"],
      ["Sam User", staff.email, "staff"],
    ]);
    expect(a.invitations.map((i) => [i.email, i.role, i.invitedBy?.email, i.expired])).toEqual([
      [`late-${token}@example.com`, "billing", owner.email, true],
      [`frontdesk-${token}@example.com`, "manager", owner.email, false],
    ]);
    expect(a.invitations[1]!.invitedBy).toEqual({ name: "Olga User", email: owner.email });
    expect(a.subscriptionCount).toBe(1);
    expect(a.orderCount).toBe(0);
  });

  it("is null for an unknown id", async () => {
    expect(await getAdminAccount(`no-such-${token}`)).toBeNull();
  });
});

describe("GET /api/admin/accounts/[id]", () => {
  const get = (id: string, cookie?: string) => call(accountApi.GET, { path: `/api/admin/accounts/${id}`, params: { id }, cookie });

  it("answers the account to an admin", async () => {
    const res = await get(owner.id, admin.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminAccountView;
    expect(body.members).toHaveLength(2);
    expect(body.invitations).toHaveLength(2);
  });

  it("answers 404 for an unknown id, 403 to customers (even the account's own owner), 401 anonymous", async () => {
    const missing = await get(`no-such-${token}`, admin.cookie);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe("Account not found");
    expect((await get(owner.id, owner.cookie)).status).toBe(403);
    expect((await get(owner.id, stranger.cookie)).status).toBe(403);
    expect((await get(owner.id)).status).toBe(401);
  });
});

describe("/admin/accounts/[id]", () => {
  it("shows an admin the account, its members and pending invitations, and links to its subscriptions and orders", async () => {
    const html = await renderPage(owner.id, admin.cookie);
    const words = text(html);
    expect(words).toContain(`Clinic ${token}`);
    expect(words).toContain(`billing-${token}@example.com`);
    expect(words).toContain("Europe/Berlin");
    expect(words).toMatch(/Olga User .*Owner/);
    expect(words).toMatch(/Sam User .*Staff/);
    expect(words).toContain(`frontdesk-${token}@example.com Manager Olga User ${owner.email}`);
    expect(words).toMatch(new RegExp(`late-${token}@example.com Billing .* Expired`));
    expect(words).not.toContain(`joined-${token}`);
    expect(words).not.toContain(`withdrawn-${token}`);
    expect(html).toContain(`href="/admin?tab=subscriptions&amp;account=${owner.id}"`);
    expect(html).toContain(`href="/admin?tab=ai-ready-orders&amp;account=${owner.id}"`);
    expect(words).toContain("Subscriptions (1)");
  });

  it("is read-only: no form, no button, no impersonation", async () => {
    const html = await renderPage(owner.id, admin.cookie);
    expect(html).not.toMatch(/<form|<button|<input|<select/);
    expect(html.toLowerCase()).not.toContain("impersonat");
    expect(html.toLowerCase()).not.toContain("sign in as");
  });

  it("answers 404 for an unknown account", async () => {
    const err = await renderPage(`no-such-${token}`, admin.cookie).then(
      () => null,
      (e: unknown) => e as { digest?: string },
    );
    expect(err?.digest).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
  });

  it("shows customers Access Denied, never the account", async () => {
    for (const cookie of [owner.cookie, stranger.cookie]) {
      const words = text(await renderPage(owner.id, cookie));
      expect(words).toContain("Access Denied");
      expect(words).not.toContain(`Clinic ${token}`);
      expect(words).not.toContain(staff.email);
    }
  });
});

describe("no impersonation anywhere", () => {
  it("no route offers it and the auth server has no impersonation endpoint", async () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((e) => {
        const full = path.join(dir, e);
        return statSync(full).isDirectory() ? [full, ...files(full)] : [full];
      });
    const appDir = path.resolve(import.meta.dirname, "../../app");
    expect(files(appDir).filter((f) => /impersonat/i.test(path.relative(appDir, f)))).toEqual([]);
    const auth = await getAuth();
    expect(Object.keys(auth.api).filter((k) => /impersonat/i.test(k))).toEqual([]);
  });
});

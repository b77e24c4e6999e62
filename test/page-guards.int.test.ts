import type { ReactElement } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import DashboardRoute from "@app/(portal)/dashboard/page";
import JobsRoute from "@app/admin/jobs/page";
import { GET as getUser } from "@app/api/auth/user/route";
import { DashboardPage, type DashboardData } from "@/features/portal/dashboard/dashboard-page";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { AccessDenied } from "@/features/auth/components/access-denied";
import { NoAccessPage } from "@/features/accounts/no-access-page";
import { missingPermissionMessage } from "@/features/accounts/permissions";
import { setProviderForTests } from "@/features/billing/provider";
import { FakeProvider } from "@/features/usage/testing/fake-provider";
import { seedSubscription } from "@/features/usage/testing/seed";
import { call, createUser, type TestUser } from "./http-helpers";
import { memberOf } from "./account-helpers";

/**
 * ADR 0140: the page guards keep what each page did (the login with its
 * return path and notice, "No access" naming the permission, "Access
 * Denied" for admin pages), and the dashboard renders from its own typed
 * data, loaded on the server: the same summary /api/auth/user answers.
 */

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

async function render(page: (props: never) => Promise<unknown>, cookie: string | null): Promise<ReactElement> {
  request.headers = new Headers(cookie ? { cookie } : {});
  return (await page({ searchParams: Promise.resolve({}), params: Promise.resolve({}) } as never)) as ReactElement;
}

let owner: TestUser;
let staff: TestUser;
let billing: TestUser;
let admin: TestUser;

beforeAll(async () => {
  setProviderForTests(new FakeProvider());
  owner = await createUser({ firstName: "Olga" });
  await seedSubscription({ accountId: owner.id, billing: "monthly" });
  staff = await memberOf(owner.id, "staff", { alone: true });
  billing = await memberOf(owner.id, "billing", { alone: true });
  admin = await createUser({ role: "admin", firstName: "Ada" });
});

afterEach(() => {
  request.headers = new Headers();
});

describe("the portal's guard on /dashboard", () => {
  it("sends an anonymous visitor to the login, back to /dashboard, after 'You are logged out'", async () => {
    const el = await render(DashboardRoute, null);
    expect(el.type).toBe(RedirectToLogin);
    expect(el.props).toEqual({ returnTo: "/dashboard", delayMs: 500, notice: { title: "Unauthorized", description: "You are logged out. Logging in again..." } });
  });

  it("shows a billing member (no calls.read) the refusal naming the permission", async () => {
    const el = await render(DashboardRoute, billing.cookie);
    expect(el.type).toBe(NoAccessPage);
    expect((el.props as { reason: string }).reason).toBe(missingPermissionMessage("billing", "calls.read"));
  });
});

describe("the dashboard's own data", () => {
  it("gives the owner their name, permissions and the same subscription summary the API answers", async () => {
    const el = await render(DashboardRoute, owner.cookie);
    expect(el.type).toBe(DashboardPage);
    const data = (el.props as { data: DashboardData }).data;
    expect(data.firstName).toBe("Olga");
    expect(data.permissions).toEqual(expect.arrayContaining(["calls.read", "billing.read", "billing.manage", "calls.export", "settings.read"]));
    const api = (await (await call(getUser, { path: "/api/auth/user", cookie: owner.cookie })).json()) as { subscription: DashboardData["subscription"]; permissions: string[] };
    expect(data.subscription).not.toBeNull();
    expect(data.subscription).toEqual(api.subscription);
    expect(data.permissions).toEqual(api.permissions);
    expect(data.subscription!.usage.phoneLimit).toBeGreaterThan(0);
  });

  it("gives staff the usage but not the billing actions", async () => {
    const data = ((await render(DashboardRoute, staff.cookie)).props as { data: DashboardData }).data;
    expect(data.subscription?.id).toBeTruthy();
    expect(data.permissions).toContain("calls.read");
    expect(data.permissions).not.toContain("billing.manage");
  });
});

describe("the admin guard on /admin/jobs", () => {
  it("sends an anonymous visitor to the login after 500 ms, with no toast", async () => {
    const el = await render(JobsRoute, null);
    expect(el.type).toBe(RedirectToLogin);
    expect(el.props).toEqual({ returnTo: "/admin/jobs", delayMs: 500, notice: undefined });
  });

  it("shows a customer Access Denied", async () => {
    expect((await render(JobsRoute, owner.cookie)).type).toBe(AccessDenied);
  });

  it("renders the page for an operator admin", async () => {
    const el = await render(JobsRoute, admin.cookie);
    expect(el.type).not.toBe(AccessDenied);
    expect(el.type).not.toBe(RedirectToLogin);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { setProviderForTests } from "@/features/billing/provider";
import { FakeProvider } from "@/features/usage/testing/fake-provider";
import { seedSubscription } from "@/features/usage/testing/seed";
import { GET as getUser } from "@app/api/auth/user/route";
import { GET as getSubscriptions } from "@app/api/user-subscriptions/route";
import { GET as authGet } from "@app/api/auth/[...all]/route";
import { HEADER_USER_PATH } from "@/features/shell/use-auth-user";
import { call, createUser } from "./http-helpers";
import { statementsDuring } from "./statement-spy";

afterEach(() => {
  setProviderForTests(undefined);
  vi.restoreAllMocks();
});

describe("/api/auth/user on the hottest read", () => {
  it("answers with the user, their business accounts and the usage summary in 2 database round trips (ADR 0156)", async () => {
    setProviderForTests(new FakeProvider());
    const customer = await createUser({ firstName: "Rhea" });
    await seedSubscription({ accountId: customer.id, billing: "monthly" });
    let body: { firstName: string; subscription: { usage: { phoneLimit: number } } | null } | undefined;
    const statements = await statementsDuring(async () => {
      const res = await call(getUser, { path: "/api/auth/user", cookie: customer.cookie });
      expect(res.status).toBe(200);
      body = (await res.json()) as typeof body;
    });
    expect(body?.firstName).toBe("Rhea");
    expect(body?.subscription?.usage.phoneLimit).toBeGreaterThan(0);
    // The session with its user and every membership in one statement (read fresh: a removed member loses access at once;
    // issue 22, ADR 0156), then the summary; the spy sees every statement.
    expect(statements.length, statements.join("\n---\n")).toBe(2);
  });

  it("the header's question on every page skips the usage summary: one round trip, the same profile, no subscription key (ADR 0140)", async () => {
    setProviderForTests(new FakeProvider());
    const customer = await createUser({ firstName: "Rhea" });
    await seedSubscription({ accountId: customer.id, billing: "monthly" });
    const full = (await (await call(getUser, { path: "/api/auth/user", cookie: customer.cookie })).json()) as Record<string, unknown>;
    let body: Record<string, unknown> | undefined;
    const statements = await statementsDuring(async () => {
      const res = await call(getUser, { path: HEADER_USER_PATH, cookie: customer.cookie });
      expect(res.status).toBe(200);
      body = (await res.json()) as Record<string, unknown>;
    });
    expect(HEADER_USER_PATH).toBe("/api/auth/user?subscription=omit");
    // The session with its user and the memberships: no summary query.
    expect(statements.length, statements.join("\n---\n")).toBe(1);
    expect(body).not.toHaveProperty("subscription");
    const { subscription, ...profile } = full;
    expect(subscription).not.toBeNull();
    expect(body).toEqual(profile);
  });

  it("a GET of the caller's subscriptions writes nothing", async () => {
    setProviderForTests(new FakeProvider());
    const customer = await createUser();
    await seedSubscription({ accountId: customer.id, billing: "monthly" });
    const statements = await statementsDuring(async () => {
      const res = await call(getSubscriptions, { path: "/api/user-subscriptions", cookie: customer.cookie });
      expect(res.status).toBe(200);
    });
    expect(statements.filter((s) => /^\s*(insert|update|delete)\b/i.test(s))).toEqual([]);
  });

  it("the header's session check on every page view writes nothing (no rate-limit counter)", async () => {
    const customer = await createUser();
    for (const cookie of [customer.cookie, undefined]) {
      const statements = await statementsDuring(async () => {
        const res = await call(authGet, { path: "/api/auth/get-session", cookie, headers: { "x-client-ip": "203.0.113.9" } });
        expect(res.status).toBe(200);
      });
      expect(statements.filter((s) => /^\s*(insert|update|delete)\b/i.test(s))).toEqual([]);
    }
  });
});

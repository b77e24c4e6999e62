import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { inlineScriptHashes } from "@/lib/http/inline-scripts";
import { ROUTE_ACCESS } from "@/lib/http/route-access";
import PageCacheHandler from "../../page-cache-handler.mjs";
import { proxy } from "../../proxy";
import { GET as authGet } from "@app/api/auth/[...all]/route";
import * as serve from "@app/api/objects/[...key]/route";
import { call, createUser, type TestUser } from "../http-helpers";
import { paramsFor, ROUTES, type Handler } from "./route-files";

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([k, ...v]) => [k!, v]),
  );
}

describe("every authenticated API response is private and uncacheable", () => {
  let admin: TestUser;
  beforeAll(async () => {
    process.env.ENABLE_TEST_TOOLS = "true";
    resetConfigForTests();
    admin = await createUser({ role: "admin" });
  });

  for (const { file, key } of ROUTES) {
    const access = ROUTE_ACCESS[key]?.GET;
    if (!access || key === "auth/[...all]" || key === "login" || key === "logout") continue;
    it(`GET /api/${key} as a signed-in caller: Cache-Control private, no-store; a CSP that runs nothing`, async () => {
      const mod = (await import(file)) as Record<string, Handler>;
      const res = await call(mod.GET!, { path: `/api/${key}`, params: paramsFor(key, "00000000-0000-0000-0000-000000000000"), cookie: admin.cookie });
      if (access !== "public" || res.status < 300) {
        expect(res.headers.get("cache-control")).toBe("private, no-store");
      }
      const csp = directives(res.headers.get("content-security-policy") ?? "");
      expect(csp["default-src"]).toEqual(["'none'"]);
    });
  }

  it("better-auth's session endpoint is never cached either", async () => {
    const res = await authGet(new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie: admin.cookie } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("an uploaded object keeps its own sandboxing policy", async () => {
    const res = await call(serve.GET, { path: "/api/objects/avatars/x.png", params: { key: ["avatars", "0b8e2c56-8f7a-4c1e-9d3a-000000000000.png"] } });
    expect(res.status).toBe(404);
    // 404s get the API policy; a served object's own policy is checked in upload-single-use.
    expect(directives(res.headers.get("content-security-policy")!)["default-src"]).toEqual(["'none'"]);
  });
});

describe("Content-Security-Policy of the pages", () => {
  const policyFor = (path: string) => {
    const res = proxy(new NextRequest(`http://localhost:3000${path}`));
    return { res, csp: directives(res.headers.get("content-security-policy") ?? "") };
  };

  for (const path of [
    "/dashboard",
    "/calls",
    "/insights",
    "/billing",
    "/checkout",
    "/subscribe",
    "/account",
    "/account/webhooks",
    "/profile",
    "/admin",
    "/admin/usage",
    "/login",
    "/forgot-password",
    "/reset-password",
    "/logout",
    "/sign-in-failed",
    "/sandbox/portal",
  ]) {
    it(`${path}: a fresh nonce with 'strict-dynamic', and nothing else may run`, () => {
      const a = policyFor(path);
      const b = policyFor(path);
      const nonce = a.csp["script-src"]!.find((s) => s.startsWith("'nonce-"));
      expect(nonce).toBeTruthy();
      expect(b.csp["script-src"]).not.toContain(nonce);
      expect(a.csp["script-src"]).toContain("'strict-dynamic'");
      expect(a.csp["script-src"]).not.toContain("'unsafe-inline'");
      expect(a.csp["object-src"]).toEqual(["'none'"]);
      expect(a.csp["base-uri"]).toEqual(["'none'"]);
      expect(a.csp["frame-ancestors"]).toEqual(["'none'"]);
      expect(a.csp["form-action"]).toEqual(["'self'"]);
      expect(a.csp["frame-src"]).toEqual(["'none'"]);
      expect(a.csp["connect-src"]).toEqual(["'self'"]);
      // Without Stripe, only our own pages may ask for payment.
      expect(a.res.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(self)");
      // Next.js reads the nonce from the request's policy to mark its own scripts.
      expect(a.res.headers.get("x-middleware-request-content-security-policy")).toContain(nonce!.slice(1, -1));
    });
  }

  for (const path of ["/", "/pricing", "/contact", "/privacy-policy", "/no-such-page"]) {
    it(`${path} before this process has rendered it: no nonce (prerenderable), strict apart from inline scripts`, () => {
      const { csp } = policyFor(path);
      expect(csp["script-src"]).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["base-uri"]).toEqual(["'none'"]);
      expect(csp["frame-ancestors"]).toEqual(["'none'"]);
      expect(csp["default-src"]).toEqual(["'self'"]);
    });
  }

  describe("a prerendered page the page cache has stored", () => {
    const cache = new PageCacheHandler();
    const html = (path: string) =>
      `<!DOCTYPE html><html><head><script>(self.__next_f=self.__next_f||[]).push([0])</script></head><body><h1>${path}</h1>` +
      `<script type="application/ld+json">{"url":"http://localhost:3000${path}"}</script><script>self.__next_f.push([1,"${path}"])</script></body></html>`;
    const store = (path: string) =>
      cache.set(`/route-cache/APP_PAGE/${"0".repeat(64)}/$${path === "/" ? "/index" : path}`, { kind: "APP_PAGE", html: html(path), headers: { "x-next-cache-tags": "_N_T_/layout" }, status: 200 });
    afterEach(() => cache.revalidateTag("_N_T_/layout"));

    it.each(["/", "/pricing", "/contact"])("%s: only its own inline scripts may run, by their sha256 hashes; no 'unsafe-inline'", async (path) => {
      await store(path);
      const { csp } = policyFor(path);
      expect(csp["script-src"]).toEqual(["'self'", ...inlineScriptHashes(html(path))]);
      expect(csp["script-src"]).toHaveLength(3);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["default-src"]).toEqual(["'self'"]);
    });

    it("pages it has not stored, and /contact's refused post (rendered per request), keep the fallback", async () => {
      await store("/contact");
      expect(policyFor("/pricing").csp["script-src"]).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policyFor("/contact?error=invalid").csp["script-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    });

    it("the payment provider's script stays allowed when Stripe is configured", async () => {
      process.env.STRIPE_SECRET_KEY = "sk_test_x";
      process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_x";
      process.env.STRIPE_WEBHOOK_SECRET = "whsec_x";
      resetConfigForTests();
      try {
        await store("/pricing");
        expect(policyFor("/pricing").csp["script-src"]).toEqual(["'self'", ...inlineScriptHashes(html("/pricing")), "https://js.stripe.com"]);
      } finally {
        for (const k of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"]) delete process.env[k];
        resetConfigForTests();
      }
    });
  });

  it("form-action names the OpenID Connect issuer when one is configured (the /logout form's redirect goes there)", () => {
    process.env.OIDC_ISSUER_URL = "https://id.example.com/realms/main";
    process.env.OIDC_CLIENT_ID = "portal";
    process.env.OIDC_CLIENT_SECRET = "secret";
    resetConfigForTests();
    try {
      expect(policyFor("/logout").csp["form-action"]).toEqual(["'self'", "https://id.example.com"]);
    } finally {
      for (const k of ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"]) delete process.env[k];
      resetConfigForTests();
    }
  });

  it("form-action names the contact-form service, and the payment provider is allowed only when configured", () => {
    process.env.CONTACT_FORM_ACTION = "https://forms.example.com/submit";
    process.env.STRIPE_SECRET_KEY = "sk_test_x";
    process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_x";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_x";
    resetConfigForTests();
    try {
      const { csp } = policyFor("/checkout");
      expect(csp["form-action"]).toEqual(["'self'", "https://forms.example.com"]);
      expect(csp["frame-src"]).toContain("https://js.stripe.com");
      expect(csp["connect-src"]).toContain("https://api.stripe.com");
      expect(policyFor("/contact").csp["form-action"]).toEqual(["'self'", "https://forms.example.com"]);
      // Wallets inside Stripe's payment frame may use the Payment Request API (issue 10, item 11).
      expect(policyFor("/checkout").res.headers.get("permissions-policy")).toBe('camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")');
    } finally {
      for (const k of ["CONTACT_FORM_ACTION", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"]) delete process.env[k];
      resetConfigForTests();
    }
  });
});

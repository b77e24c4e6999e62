import { beforeAll, describe, expect, it } from "vitest";
import { safeReturnTo } from "@/features/auth/return-to";
import { safeReturnUrl } from "@/features/billing/sandbox/portal-data.server";
import * as login from "@app/api/login/route";
import * as logout from "@app/api/logout/route";
import * as me from "@app/api/auth/user/route";
import * as cancel from "@app/api/cancel-subscription/route";
import { BASE, call, createUser } from "../http-helpers";

const EVIL = ["/%09/evil.example", "/\t/evil.example", "/\n/evil.example", "/\\evil.example", "//evil.example", "https://evil.example/", "/%0A", "/\r\n/x", "javascript:alert(1)", "/ /evil"];

describe("returnTo and return_url stay on the site", () => {
  for (const raw of EVIL) {
    it(`safeReturnTo(${JSON.stringify(raw)}) is a path on this site`, () => {
      const decoded = raw.includes("%") ? decodeURIComponent(raw) : raw;
      for (const value of [raw, decoded]) {
        const out = safeReturnTo(value);
        expect(out.startsWith("/") && !out.startsWith("//")).toBe(true);
        expect(new URL(out, BASE).origin).toBe(BASE);
        expect(new URL(safeReturnUrl(value), BASE).origin).toBe(BASE);
      }
    });
  }

  it("keeps ordinary paths with their query", () => {
    expect(safeReturnTo("/checkout?plan=small&billing=annual")).toBe("/checkout?plan=small&billing=annual");
    expect(safeReturnUrl("/billing?tab=overview")).toBe("/billing?tab=overview");
    expect(safeReturnUrl(`${BASE}/billing`)).toBe("/billing");
  });

  it("/api/login never redirects off the site and never answers 500", async () => {
    for (const raw of ["/%09/evil.example", "/%0A", "%2F%2Fevil.example", "/%5Cevil.example"]) {
      const res = await call(login.GET, { path: `/api/login?returnTo=${raw}` });
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get("location")!, BASE).origin).toBe(BASE);
    }
  });
});

describe("no other site can sign a user out or act for them", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await createUser()).cookie;
  });
  const signedIn = async () => (await call(me.GET, { path: "/api/auth/user", cookie })).status === 200;

  it("a cross-site top-level GET of /api/logout only reaches the confirmation page", async () => {
    for (const site of ["cross-site", "same-site", null]) {
      const headers: Record<string, string> = site ? { "sec-fetch-site": site } : {};
      const res = await call(logout.GET, { path: "/api/logout", cookie, headers });
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get("location")!).pathname).toBe("/logout");
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await signedIn()).toBe(true);
    }
  });

  it("the confirmation form's POST from another origin is refused; from ours it signs out", async () => {
    const cross = await call(logout.POST, { method: "POST", path: "/api/logout", cookie, headers: { origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect(await signedIn()).toBe(true);
    const nullOrigin = await call(logout.POST, { method: "POST", path: "/api/logout", cookie, headers: { origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    expect(await signedIn()).toBe(true);
    const ours = await call(logout.POST, { method: "POST", path: "/api/logout", cookie, headers: { origin: BASE } });
    expect(ours.status).toBe(303);
    expect(await signedIn()).toBe(false);
  });

  it("the header's own link (a same-origin navigation) signs out at once", async () => {
    const { cookie: c } = await createUser();
    const res = await call(logout.GET, { path: "/api/logout", cookie: c, headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/");
    expect((await call(me.GET, { path: "/api/auth/user", cookie: c })).status).toBe(401);
  });

  it("a state-changing request with Origin: null is treated as cross-site", async () => {
    const { cookie: c } = await createUser();
    const res = await call(cancel.POST, { method: "POST", path: "/api/cancel-subscription", cookie: c, body: {}, headers: { origin: "null" } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe("Cross-origin request refused");
  });
});

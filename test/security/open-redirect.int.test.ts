import { isValidElement, type ReactNode } from "react";
import Link from "next/link";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LoginForm } from "@/features/auth/login-form";
import { verifiedCallbackUrl } from "@/features/auth/auth-hooks.server";
import * as login from "@app/api/login/route";
import LoginPage from "@app/login/page";
import SandboxPortalPage from "@app/sandbox/portal/page";
import { BASE, call, createUser } from "../http-helpers";

/**
 * Known open-redirect bypasses, sent where a page or route takes a place to
 * go back to (`returnTo`, the sandbox portal's `return_url`). Each must end on
 * this site; the routes are called as Next.js calls them and their Location
 * header (or link) is checked, not a helper's answer.
 */

// Pages read the request through next/headers; here it is the signed-in (or not) browser's.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers }));

const EVIL = "evil.example";
const BYPASSES = [
  `/.//${EVIL}`,
  `/..//${EVIL}`,
  `/%2e//${EVIL}`,
  `/./%2F/${EVIL}`,
  `/%2F/${EVIL}`,
  `/%2f%2f${EVIL}`,
  `/\\${EVIL}`,
  `/\\\\${EVIL}`,
  `/.\\/${EVIL}`,
  `/%5C${EVIL}`,
  `/%5c/${EVIL}`,
  `/\t/${EVIL}`,
  `/\n/${EVIL}`,
  `/\r\n/${EVIL}`,
  `/%09/${EVIL}`,
  `https:${EVIL}`,
  `https:/${EVIL}`,
  `https://${EVIL}/`,
  `//${EVIL}`,
  `///${EVIL}`,
  `////${EVIL}/x`,
  `javascript:alert(1)`,
];

/** The value as the route receives it: percent-encoded in the query (exactly this string), and as typed (the query decodes it once more). */
const asQueryValues = (raw: string) => [encodeURIComponent(raw), raw];

/** A redirect target stays here: our origin, and a path no browser reads as another host. */
function expectOnSite(location: string) {
  const url = new URL(location, BASE);
  expect(url.origin).toBe(BASE);
  expect(url.pathname).not.toMatch(/^\/[/\\]/);
  expect(url.pathname).not.toMatch(/^\/%(2f|5c)/i);
}

/** Every element of a server component's returned tree (its own JSX, not rendered further). */
function* elements(node: ReactNode): Generator<{ type: unknown; props: Record<string, unknown> }> {
  if (Array.isArray(node)) {
    for (const child of node) yield* elements(child as ReactNode);
    return;
  }
  if (!isValidElement(node)) return;
  const props = node.props as Record<string, unknown>;
  yield { type: node.type, props };
  yield* elements(props.children as ReactNode);
}

/** The URL a page's redirect() sends the browser to, with its status (Next.js keeps both in the error's digest). */
async function pageRedirect(render: () => Promise<unknown>): Promise<{ location: string; status: number } | null> {
  try {
    await render();
    return null;
  } catch (err) {
    const digest = (err as { digest?: unknown }).digest;
    if (typeof digest !== "string" || !digest.startsWith("NEXT_REDIRECT;")) throw err;
    const parts = digest.split(";");
    return { location: parts.slice(2, -2).join(";"), status: Number(parts.at(-2)) };
  }
}

let cookie: string;
beforeAll(async () => {
  cookie = (await createUser()).cookie;
});

describe("GET /api/login?returnTo=… never leaves the site", () => {
  it("the audit's case: signed in, /.//evil.example goes to the dashboard, not to http://evil.example/", async () => {
    const res = await call(login.GET, { path: `/api/login?returnTo=/.//${EVIL}`, cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${BASE}/dashboard`);
  });

  for (const raw of BYPASSES) {
    it(`returnTo=${JSON.stringify(raw)}`, async () => {
      for (const value of asQueryValues(raw)) {
        const signedIn = await call(login.GET, { path: `/api/login?returnTo=${value}`, cookie });
        expect(signedIn.status).toBe(302);
        expect(signedIn.headers.get("location")).toBe(`${BASE}/dashboard`);

        const signedOut = await call(login.GET, { path: `/api/login?returnTo=${value}` });
        expect(signedOut.status).toBe(302);
        const target = new URL(signedOut.headers.get("location")!);
        expect(`${target.origin}${target.pathname}`).toBe(`${BASE}/login`);
        expect(target.searchParams.get("returnTo")).toBe("/dashboard");
      }
    });
  }

  it("keeps an ordinary path with its query and hash, normalised", async () => {
    const res = await call(login.GET, { path: `/api/login?returnTo=${encodeURIComponent("/billing/../checkout?plan=small#card")}`, cookie });
    expect(res.headers.get("location")).toBe(`${BASE}/checkout?plan=small#card`);
  });
});

describe("/login?returnTo=… never leaves the site", () => {
  const render = (returnTo: string) => LoginPage({ searchParams: Promise.resolve({ returnTo }) });

  it("the audit's case: signed in, /.//evil.example is a 307 to /dashboard, not to //evil.example", async () => {
    request.headers = new Headers({ cookie });
    expect(await pageRedirect(() => render(`/.//${EVIL}`))).toEqual({ location: "/dashboard", status: 307 });
  });

  for (const raw of BYPASSES) {
    it(`returnTo=${JSON.stringify(raw)}: the signed-in redirect and the sign-in form's destination`, async () => {
      request.headers = new Headers({ cookie });
      const redirect = await pageRedirect(() => render(raw));
      expect(redirect).toEqual({ location: "/dashboard", status: 307 });
      expectOnSite(redirect!.location);

      // Signed out: the form goes there after signing in.
      request.headers = new Headers();
      const page = (await render(raw)) as ReactNode;
      const form = [...elements(page)].find((e) => e.type === LoginForm);
      expect(form?.props.returnTo).toBe("/dashboard");
    });
  }

  it("a verification link's way back to /login carries the same safe path", () => {
    for (const raw of BYPASSES) {
      const target = new URL(verifiedCallbackUrl(raw), BASE);
      expect(target.searchParams.get("returnTo")).toBe("/dashboard");
    }
  });
});

describe("/sandbox/portal?return_url=… links back only to this site", () => {
  const backLink = async (returnUrl: string) => {
    request.headers = new Headers({ cookie });
    const page = (await SandboxPortalPage({ searchParams: Promise.resolve({ return_url: returnUrl }) })) as ReactNode;
    const link = [...elements(page)].find((e) => e.type === Link);
    return link?.props.href;
  };

  for (const raw of [...BYPASSES, ...BYPASSES.filter((b) => b.startsWith("/")).map((b) => `${BASE}${b}`)]) {
    it(`return_url=${JSON.stringify(raw)}`, async () => {
      const href = await backLink(raw);
      expect(href).toBe("/billing");
      expectOnSite(String(href));
    });
  }

  it("keeps our own pages, absolute or not", async () => {
    expect(await backLink("/billing?tab=overview")).toBe("/billing?tab=overview");
    expect(await backLink(`${BASE}/sandbox/portal`)).toBe("/sandbox/portal");
  });
});

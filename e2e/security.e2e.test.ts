import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ADMIN, signIn } from "./browser";
import { scriptSrc, watchCsp } from "./csp-violations";
import { journeyBrowser } from "./suite";

const baseUrl = inject("baseUrl");

/** POSTs JSON to our server from a chosen local address; resolves to the status. */
function postFrom(localAddress: string, path: string, body: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", origin: baseUrl, "content-length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("security in the browser", () => {
  const suite = journeyBrowser();
  let otherSite: Server;
  let otherOrigin: string;

  beforeAll(async () => {
    // Another site, on another port: a page with a link to our logout.
    otherSite = createServer((_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(`<!doctype html><title>Other site</title><a id="out" href="${baseUrl}/api/logout">Win a prize</a>`);
    });
    await new Promise<void>((resolve) => otherSite.listen(0, "127.0.0.1", resolve));
    otherOrigin = `http://localhost:${(otherSite.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => otherSite?.close(r));
  });

  it("signed-in pages run with a nonce policy and no violation; public pages with the hashes of their inline scripts", async () => {
    const { context, page } = await suite.newPage();
    const violations = await watchCsp(page);
    // The first request after start renders the page (ADR 0098); from then on its policy lists its scripts (ADR 0009).
    await page.goto("/pricing");
    const publicRes = await page.goto("/pricing");
    const publicScripts = scriptSrc(publicRes!.headers()["content-security-policy"]);
    expect(publicScripts).not.toContain("'unsafe-inline'");
    expect(publicScripts[0]).toBe("'self'");
    expect(publicScripts.slice(1).length).toBeGreaterThan(0);
    for (const source of publicScripts.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin");
    for (const path of ["/dashboard", "/billing", "/admin", "/admin/usage", "/checkout?plan=small"]) {
      const res = await page.goto(path);
      expect(res!.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
      // Hydrated: the client-side account menu works.
      await page
        .getByRole("button", { name: /account menu|open menu|user menu/i })
        .first()
        .waitFor({ timeout: 15_000 });
    }
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it("a link on another site cannot sign the user out: it only reaches the confirmation page", async () => {
    const { context, page } = await suite.newPage();
    // An operator admin lands on the console (issue 23).
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin");
    await page.goto(otherOrigin);
    await page.click("#out");
    await page.waitForURL((u) => u.pathname === "/logout");
    await page.getByRole("heading", { name: "Sign out?" }).waitFor();
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    // The user's own click signs out.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    await context.close();
  });

  it("the server appends the real peer address: a client rotating X-Forwarded-For is still limited", async () => {
    // From our own loopback address (127.0.0.9), so other journeys' submissions from 127.0.0.1 are not counted with these.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const body = JSON.stringify({ name: `Spoof ${i}`, email: `spoof${i}@example.com`, phone: "+1 555 0100", website: "example.com" });
      statuses.push(await postFrom("127.0.0.9", "/api/demo-leads", body, { "x-forwarded-for": `203.0.113.${i}` }));
    }
    expect(statuses.slice(0, 5).every((s) => s < 300)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("an oversized body is a 413 with a message, from the real server", async () => {
    const res = await fetch(`${baseUrl}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ message: "x".repeat(100_000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/too large/);
  });
});

import { describe, expect, it } from "vitest";
import { PUBLIC_ROUTES } from "../src/features/marketing/routes";
import { scriptSrc, watchCsp } from "./csp-violations";
import { journeyBrowser } from "./suite";

const suite = journeyBrowser();

describe("a strict CSP on the prerendered public pages (ADR 0009)", () => {
  for (const route of PUBLIC_ROUTES) {
    it(`${route.path}: the policy lists the hashes of its inline scripts, not 'unsafe-inline', and the page runs with no violation`, async () => {
      const { context, page } = await suite.newPage();
      const violations = await watchCsp(page);
      // The first request after start renders the page (ADR 0098), under the fallback policy; it must run as well.
      // Inline scripts are checked as the HTML is parsed, and the page's own script files delay its load event.
      expect((await page.goto(route.path))!.status()).toBe(200);
      const res = (await page.goto(route.path))!;
      const html = await res.text();
      const scripts = scriptSrc(res.headers()["content-security-policy"]);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts[0]).toBe("'self'");

      // Every inline script the served page runs is in its list, hashed here as Chromium parses the HTML (not as the
      // server reads it); JSON-LD needs no hash, as Chromium never runs it.
      const inline = await page.evaluate(async (source) => {
        const doc = new DOMParser().parseFromString(source, "text/html");
        const hash = async (text: string) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))))}'`;
        const all = [...doc.querySelectorAll("script:not([src])")].filter((s) => s.textContent !== "");
        const isJsonLd = (s: Element) => s.getAttribute("type") === "application/ld+json";
        return {
          running: await Promise.all(all.filter((s) => !isJsonLd(s)).map((s) => hash(s.textContent!))),
          jsonLd: await Promise.all(all.filter(isJsonLd).map((s) => hash(s.textContent!))),
        };
      }, html);
      expect(inline.running.length).toBeGreaterThan(0);
      expect(scripts).toEqual(expect.arrayContaining(inline.running));
      for (const h of inline.jsonLd) expect(scripts).not.toContain(h);
      expect(await violations()).toEqual([]);

      // A script injected into the page does not run.
      const ran = await page.evaluate(() => {
        const s = document.createElement("script");
        s.textContent = "window.__injected = true";
        document.body.append(s);
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(ran).toBe(false);
      await expect.poll(violations).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src(-elem)? inline$/)]));
      await context.close();
    });
  }
});

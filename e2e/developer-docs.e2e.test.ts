import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { WEBHOOK_EVENT_TYPES } from "../src/features/webhooks/event-types";
import { expectNoAxeViolations, screenshot } from "./browser";
import { journeyBrowser } from "./suite";

/** Issue 25: the docs for customers' developers, at 1280 and 390 px, by keyboard, with axe. */

const baseUrl = inject("baseUrl");
const suite = journeyBrowser();

async function atBothWidths(path: string, name: string, more: (page: Page) => Promise<void>) {
  for (const width of [1280, 390]) {
    const { context, page } = await suite.newPage({ width, height: 900 });
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
    await screenshot(page, `${name}-${width}`);
    await more(page);
    await context.close();
  }
}

describe("/docs/api", () => {
  it("renders every operation of the document with a table of contents, and links the document itself", async () => {
    const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0]!.url).toBe(baseUrl);
    await atBothWidths("/docs/api", "docs-api", async (page) => {
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("API reference");
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const method of Object.keys(item)) {
          await expect.poll(() => page.getByRole("heading", { level: 3, name: `${method.toUpperCase()} ${path}`, exact: true }).count()).toBe(1);
        }
      }
      expect(await page.getByRole("link", { name: "Download the OpenAPI 3.1 document (openapi.json)" }).getAttribute("href")).toBe("/api/openapi.json");
      // The table of contents leads to the section.
      const toc = page.getByRole("navigation", { name: "On this page" });
      await toc.getByRole("link", { name: "GET /api/interactions/{id}", exact: true }).click();
      await page.waitForURL(/#get-api-interactions-id$/);
      expect(await page.locator("#get-api-interactions-id").isVisible()).toBe(true);
    });
  });
});

describe("/docs/webhooks", () => {
  it("shows each event with an example, and the signature checks in Node and Python; code scrolls by keyboard", async () => {
    await atBothWidths("/docs/webhooks", "docs-webhooks", async (page) => {
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Webhooks");
      for (const type of WEBHOOK_EVENT_TYPES) {
        expect(await page.getByRole("heading", { level: 3, name: type, exact: true }).count(), type).toBe(1);
        expect(await page.getByRole("figure", { name: `Example: ${type}` }).textContent()).toContain(`"type": "${type}"`);
      }
      expect(await page.getByRole("figure", { name: "Example: call.completed" }).textContent()).toContain(`${baseUrl}/api/interactions/sample_call_01`);
      for (const name of ["Node.js with the standardwebhooks package", "Node.js with node:crypto only", "Python with the standardwebhooks package", "Python with hmac only"]) {
        expect(await page.getByRole("heading", { level: 3, name }).count(), name).toBe(1);
      }
      for (const header of ["webhook-id", "webhook-timestamp", "webhook-signature"]) expect(await page.getByRole("cell", { name: header, exact: true }).count()).toBeGreaterThan(0);
      // A code block takes the focus, so that a keyboard can scroll it.
      const block = page.getByRole("figure", { name: "verify-webhook.mjs" }).first().locator("pre");
      await block.focus();
      expect(await block.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  });
});

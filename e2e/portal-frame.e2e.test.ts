import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_ADMIN, PHONE, DESKTOP, checkBothWidths, signIn, startTrialFromBilling, type CustomerWithEmployee } from "./browser";
import { journeyBrowser } from "./suite";

/**
 * Issue 23, the portal's own frame: signed-in pages carry the portal's
 * navigation (Dashboard, Calls, AI employee, Billing, Account), not the
 * marketing links or "Book a Demo"; phones get the same links in the menu;
 * admins land on /admin with the console's own navigation; at 390 px no page
 * is wider than the screen.
 */

const suite = journeyBrowser({ admin: true });
let owner: CustomerWithEmployee;

afterAll(async () => {
  await owner?.context.close();
});

const PORTAL = ["Dashboard", "Calls", "Insights", "AI employee", "Billing", "Account"];

async function mainNavLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Main" });
  return (await nav.getByRole("listitem").getByRole("link").allTextContents()).map((t) => t.trim());
}

describe("the portal's own frame", () => {
  it("an owner's signed-in pages carry the portal navigation, the current page marked, and no Book a Demo", async () => {
    owner = await suite.newCustomerWithEmployee({ employee: "Rita", prefix: "frame-owner" });
    await startTrialFromBilling(owner.page, "Rita", "Frame Owner");
    const page = owner.page;
    for (const [path, current] of [
      ["/dashboard", "Dashboard"],
      ["/calls", "Calls"],
      ["/insights", "Insights"],
      ["/billing", "Billing"],
      ["/account", "Account"],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => mainNavLinks(page), { timeout: 15_000 }).toEqual(PORTAL);
      const nav = page.getByRole("navigation", { name: "Main" });
      expect(await nav.getByRole("link", { name: current, exact: true }).getAttribute("aria-current")).toBe("page");
      expect(await page.getByRole("link", { name: "Book a Demo" }).count()).toBe(0);
      expect(await nav.getByRole("link", { name: "Pricing", exact: true }).count()).toBe(0);
      await checkBothWidths(page, `portal-frame${path.replace(/\//g, "-")}`, () => page.getByRole("heading", { level: 1 }).first().waitFor());
    }
    // /profile fits a phone too.
    await page.goto("/profile");
    await checkBothWidths(page, "portal-frame-profile", () => page.getByRole("heading", { level: 1 }).first().waitFor());
  });

  it("on a phone the menu holds the same links, and no Book a Demo", async () => {
    const page = owner.page;
    await page.setViewportSize(PHONE);
    await page.goto("/calls");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    const links = (await menu.getByRole("link").allTextContents()).map((t) => t.trim());
    expect(links.slice(0, PORTAL.length)).toEqual(PORTAL);
    expect(links).not.toContain("Book a Demo");
    expect(links).not.toContain("Pricing");
    expect(await menu.getByRole("link", { name: "Calls", exact: true }).getAttribute("aria-current")).toBe("page");
    await checkBothWidths(page, "portal-frame-mobile-menu", () => menu.waitFor());
    await page.keyboard.press("Escape");
    await page.setViewportSize(DESKTOP);
  });

  it("an admin lands on /admin, whose pages carry the console's navigation", async () => {
    const { context, page } = await suite.newPage();
    // Signing in to the portal's default page lands an operator admin (no business account) on the console.
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin");
    await page.goto("/dashboard");
    await page.waitForURL((u) => u.pathname === "/admin", { timeout: 15_000 });
    for (const [path, current] of [
      ["/admin", "Console"],
      ["/admin/usage", "Usage"],
      ["/admin/metrics", "Metrics"],
      ["/admin/outbox", "Outbox"],
      ["/admin/sms-outbox", "SMS outbox"],
      ["/admin/jobs", "Jobs"],
      ["/admin/spam-reports", "Spam reports"],
      ["/admin/api-keys", "API keys"],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => mainNavLinks(page), { timeout: 15_000 }).toEqual(["Console", "Usage", "Metrics", "Outbox", "SMS outbox", "Jobs", "Spam reports", "API keys"]);
      expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: current, exact: true }).getAttribute("aria-current")).toBe("page");
      expect(await page.getByRole("link", { name: "Book a Demo" }).count()).toBe(0);
      await checkBothWidths(page, `admin-frame${path.replace(/\//g, "-")}`, () => page.getByRole("heading", { level: 1 }).first().waitFor());
    }
    await context.close();
  });
});

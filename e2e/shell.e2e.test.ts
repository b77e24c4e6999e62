import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, screenshot, signIn, signUp, waitForLoginPage } from "./browser";
import { journeyBrowser } from "./suite";

const baseUrl = inject("baseUrl");
const suite = journeyBrowser();

describe("app shell and sign-in", () => {
  it("creates an account, signs out, signs in, and shows first name and email in the avatar menu", async () => {
    const { context, page } = await suite.newPage();
    const email = `journey-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto("/");
    await page.getByRole("link", { name: "Sign In" }).click();
    await waitForLoginPage(page);
    await signUp(page, { firstName: "Jordan", lastName: "Lee", email, password: "correct-horse-battery" });
    await page.getByTestId("avatar-button").click();
    const menu = page.getByRole("menu");
    await expect.poll(() => menu.textContent()).toContain("Jordan");
    expect(await menu.textContent()).toContain(email);
    await expect.poll(() => page.getByTestId("avatar-button").textContent()).toBe("J");
    await screenshot(page, "shell-avatar-menu");
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => page.getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);

    // Wrong password: error shown inline.
    await page.goto("/login");
    await page.locator("#signin-email").fill(email);
    await page.locator("#signin-password").fill("wrong-password-123");
    await page.getByRole("button", { name: "Sign in" }).last().click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: /\S/ }).first().textContent()).toMatch(/invalid email or password/i);

    await signIn(page, email, "correct-horse-battery", "/dashboard");
    await expect.poll(() => page.getByTestId("avatar-button").isVisible()).toBe(true);

    // A signed-in page hands the header its user: the avatar menu without asking get-session or /api/auth/user.
    const asked: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/auth\/(get-session|user)/.test(r.url())) asked.push(r.url());
    });
    await page.goto("/dashboard");
    await page.getByTestId("avatar-button").click();
    await expect.poll(() => page.getByRole("menu").textContent()).toContain(email);
    expect(asked).toEqual([]);
    await context.close();
  });

  it("sends signed-out visitors on guarded pages to /api/login", async () => {
    const { context, page } = await suite.newPage();
    for (const path of ["/dashboard", "/billing", "/admin", "/admin/usage", "/subscribe", "/checkout"]) {
      await page.goto(path);
      await waitForLoginPage(page);
      expect(new URL(page.url()).searchParams.get("returnTo")).toBe(path);
    }
    await context.close();
  });

  it("shows Access Denied to a signed-in customer on admin pages", async () => {
    const { context, page } = await suite.newPage();
    await signUp(page, { firstName: "Cam", lastName: "Customer", email: `cust-${randomUUID().slice(0, 8)}@example.com`, password: "correct-horse-battery" });
    for (const path of ["/admin", "/admin/usage"]) {
      await page.goto(path);
      expect(await page.getByRole("heading", { name: "Access Denied" }).isVisible()).toBe(true);
      expect(await page.textContent("main")).toContain("admin privileges");
    }
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("titles unknown routes '404 Page Not Found'", async () => {
    const { context, page } = await suite.newPage();
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    expect(await page.title()).toBe("404 Page Not Found");
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("opens and closes the mobile menu at 390 px", async () => {
    const { context, page } = await suite.newPage({ width: 390, height: 844 });
    await page.goto("/");
    expect(await page.getByRole("link", { name: "Sign In" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const label of ["AI Employees", "Pricing", "Services", "Customers", "About", "Contact", "Sign In", "Book a Demo"]) {
      expect(await dialog.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
    }
    expect(await dialog.getByRole("link", { name: "Billing" }).count()).toBe(0);
    await screenshot(page, "shell-mobile-menu");
    await expectNoAxeViolations(page);
    await dialog.getByRole("link", { name: "Pricing", exact: true }).click();
    await page.waitForURL(/\/pricing/);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });

  it("passes axe on the shell and highlights the current route", async () => {
    const { context, page } = await suite.newPage();
    await page.goto("/login");
    await expectNoAxeViolations(page);
    await page.goto("/");
    await screenshot(page, "shell-home-1280");
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("sends security headers", async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    expect(res.headers.get("permissions-policy")).toBeTruthy();
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { DEMO_ADMIN, chooseAvatarSlowly, createOrder, expectNoAxeViolations, openTab, screenshot, signIn, signUp, tinyPng as png, uniqueUser, waitForLoginPage } from "./browser";
import { journeyBrowser } from "./suite";

const suite = journeyBrowser();

async function toastText(page: Page): Promise<string> {
  const toast = page.locator("[data-sonner-toast]").first();
  await toast.waitFor({ state: "visible", timeout: 10_000 });
  return (await toast.textContent()) ?? "";
}

describe("admin console: orders, avatar upload, notifications, outbox", () => {
  it("creates an order with an avatar, manages orders, marks a notification read and shows the setup e-mail in the outbox", async () => {
    const { context, page } = await suite.newPage();
    const tag = randomUUID().slice(0, 8);
    const customerEmail = `new-owner-${tag}@example.com`;
    const name = `Nova ${tag}`;

    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin");
    await expect.poll(() => page.getByRole("heading", { name: "Admin Dashboard" }).isVisible()).toBe(true);
    const tabs = await page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab").allTextContents();
    expect(tabs).toEqual(["Subscriptions", "Create Orders", "Manage Orders", "Test", "Notifications"]);
    await screenshot(page, "admin-subscriptions-tab");
    await expectNoAxeViolations(page);

    // Create Orders: required fields, then a bad e-mail.
    await openTab(page, "Create Orders");
    await page.getByRole("button", { name: "Create AI Ready Order" }).click();
    expect(await toastText(page)).toContain("Please fill in all required fields: AI Employee Name, Phone Number, Customer Email, and Web Chat URL.");
    await page.getByLabel("AI Employee Name").fill(name);
    await page.getByLabel("Phone Number").fill("+1 (555) 010-2233");
    await page.getByLabel("Customer Email").fill("not-an-email");
    await page.getByLabel("Web Chat URL").fill("https://chat.example.com/nova");
    await page.getByRole("button", { name: "Create AI Ready Order" }).click();
    await expect.poll(() => toastText(page)).toContain("Invalid Email");
    expect(await toastText(page)).toContain("Please enter a valid email address.");
    await page.getByLabel("Customer Email").fill(customerEmail);

    // Avatar: one PUT to the signed URL, held back a moment so the progress bar can be seen.
    const { bar, puts } = await chooseAvatarSlowly(page, "**/api/objects/put/**", { name: "nova.png", png: png(96, 96) }, 1200);
    expect(await bar.getAttribute("aria-valuenow")).toMatch(/^\d+$/);
    await screenshot(page, "admin-create-order-uploading");
    await page.getByText("Avatar uploaded: nova.png").waitFor();
    expect(puts).toHaveLength(1);
    const preview = page.getByRole("img", { name: `Avatar of ${name}` });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-create-order-filled");

    await page.getByRole("button", { name: "Create AI Ready Order" }).click();
    await expect.poll(() => toastText(page)).toContain("Setup instructions have been emailed to the customer");
    await expect.poll(() => page.getByLabel("AI Employee Name").inputValue()).toBe("");

    // Manage Orders: the new order with its avatar (the list is paged and searched on the server, ADR 0096).
    await openTab(page, "Manage Orders");
    await page.getByTestId("admin-orders-list").waitFor();
    await page.locator("#orders-search").fill(customerEmail);
    await expect.poll(() => page.getByTestId("order-row").count(), { timeout: 15_000 }).toBe(1);
    await page.locator("#orders-search").fill("");
    const row = page.getByTestId("order-row").filter({ hasText: customerEmail });
    await row.waitFor();
    expect(await row.textContent()).toContain(name);
    expect(await row.textContent()).toContain("Pending");
    await expect.poll(() => row.getByRole("img", { name: `Avatar of ${name}` }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await row.getByRole("button", { name: `View ${name}` }).click();
    const view = page.getByRole("dialog");
    await expect.poll(() => view.textContent()).toContain(customerEmail);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-order-view");
    await page.keyboard.press("Escape");

    // Another order to edit and delete (created through the API the form uses).
    const otherName = `Orion ${tag}`;
    const created = await page.request.post("/api/admin/ai-ready-orders", {
      data: { aiEmployeeName: otherName, aiPhoneNumber: "+1 555 010 9999", customerEmail: `other-${tag}@example.com`, webChatUrl: "https://chat.example.com/orion" },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    await page.getByTestId("order-row").filter({ hasText: otherName }).waitFor();

    // Edit, then Cancel: nothing changes.
    await page.getByRole("button", { name: `Edit ${otherName}` }).click();
    const edit = page.getByRole("dialog");
    await edit.getByLabel("AI Employee Name").fill("Should Not Save");
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-order-edit");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByTestId("order-row").filter({ hasText: "Should Not Save" }).count()).toBe(0);

    // Edit and Save.
    const renamed = `Orion Prime ${tag}`;
    await page.getByRole("button", { name: `Edit ${otherName}` }).click();
    await page.getByRole("dialog").getByLabel("AI Employee Name").fill(renamed);
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await page.getByTestId("order-row").filter({ hasText: renamed }).waitFor();

    // Delete after the spec's confirmation.
    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect.poll(() => confirm.textContent()).toContain("Are you sure you want to delete this AI Ready Order? This action cannot be undone.");
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-order-delete-confirm");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByTestId("order-row").filter({ hasText: renamed }).count()).toBe(0);
    expect(await page.getByTestId("order-row").filter({ hasText: customerEmail }).count()).toBe(1);
    await screenshot(page, "admin-manage-orders");

    // The Test tab renders and passes axe.
    await openTab(page, "Test");
    await expectNoAxeViolations(page);

    // Notifications: a new demo lead appears; Mark Read.
    const lead = await page.request.post("/api/demo-leads", {
      data: { name: `Lead ${tag}`, email: `lead-${tag}@example.com`, phone: "555-0100", website: "example.com", aiEmployeeName: "", aiEmployeeId: "" },
    });
    expect(lead.status()).toBe(201);
    await page.goto("/admin?tab=notifications");
    const item = page.getByTestId("notification").filter({ hasText: `Lead ${tag}` });
    await item.waitFor();
    expect(await item.getAttribute("data-type")).toBe("demo_lead");
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-notifications");
    await item.getByRole("button", { name: "Mark Read" }).click();
    await expect.poll(() => item.getByRole("button", { name: "Mark Read" }).count()).toBe(0);
    expect(await item.textContent()).toContain("Read");
    await page.reload();
    // Read ones come after the unread ones: search for it rather than rely on the first page.
    await page.getByTestId("admin-notifications-list").waitFor();
    await page.locator("#notifications-search").fill(`Lead ${tag}`);
    await page
      .getByTestId("notification")
      .filter({ hasText: `Lead ${tag}` })
      .waitFor();
    expect(
      await page
        .getByTestId("notification")
        .filter({ hasText: `Lead ${tag}` })
        .getByRole("button", { name: "Mark Read" })
        .count(),
    ).toBe(0);

    // The setup e-mail is in the outbox (the job runs in the background).
    await expect
      .poll(
        async () => {
          await page.goto("/admin/outbox");
          return page.getByTestId("outbox-row").filter({ hasText: customerEmail }).count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-outbox");
    await page.getByTestId("outbox-row").filter({ hasText: customerEmail }).getByRole("link").click();
    await page.waitForURL(/\/admin\/outbox\/.+/);
    const text = (await page.getByTestId("email-text").textContent()) ?? "";
    expect(text).toContain(name);
    expect(text).toContain("/billing");
    expect(text).toContain("Verify your e-mail address");
    // The HTML frame is as tall as the message: no large empty area below it.
    const frame = page.getByTestId("email-preview-frame");
    const contentHeight = await page
      .frameLocator('[data-testid="email-preview-frame"]')
      .locator("html")
      .evaluate((el) => el.scrollHeight);
    await expect.poll(() => frame.evaluate((f) => f.getBoundingClientRect().height), { timeout: 10_000 }).toBeGreaterThanOrEqual(contentHeight);
    expect(await frame.evaluate((f) => f.getBoundingClientRect().height)).toBeLessThan(contentHeight + 40);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-outbox-email");
    await context.close();
  }, 300_000);

  it("fits a phone screen: the tabs wrap and the order table scrolls sideways", async () => {
    const { context, page } = await suite.newPage({ width: 390, height: 844 });
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin");
    // This journey's own order, so the table has a row to lay out.
    const name = `Pia ${randomUUID().slice(0, 8)}`;
    await createOrder(context, { aiEmployeeName: name, customerEmail: `phone-owner-${randomUUID().slice(0, 8)}@example.com` });
    await page.goto("/admin?tab=orders");
    await page.getByLabel("AI Employee Name").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-create-order-390");
    await page.goto("/admin?tab=ai-ready-orders");
    await page.getByTestId("order-row").filter({ hasText: name }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // More than a page of orders: 50 rows, then "Load more" (keyboard) appends the next page.
    const batch = randomUUID().slice(0, 8);
    for (let i = 0; i < 51; i++) {
      const res = await context.request.post("/api/admin/ai-ready-orders", {
        data: { aiEmployeeName: `Bulk ${batch} ${i}`, aiPhoneNumber: "+1 555 010 1234", customerEmail: `bulk-${batch}-${i}@example.com`, webChatUrl: "https://chat.example.com/bulk" },
      });
      expect(res.status()).toBe(201);
    }
    await page.reload();
    await expect.poll(() => page.getByTestId("order-row").count(), { timeout: 15_000 }).toBe(50);
    const more = page.getByRole("button", { name: "Load more" });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("order-row").count(), { timeout: 15_000 }).toBeGreaterThan(50);
    expect(
      await page
        .getByTestId("order-row")
        .filter({ hasText: `bulk-${batch}-0@` })
        .count(),
    ).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, "admin-manage-orders-390");
    await context.close();
  });

  it("shows every e-mail template with sample data, both parts, linked from the outbox (desktop and phone)", async () => {
    for (const viewport of [
      { width: 1280, height: 900, shot: "admin-email-templates" },
      { width: 390, height: 844, shot: "admin-email-templates-390" },
    ]) {
      const { context, page } = await suite.newPage(viewport);
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin/outbox");
      await page.getByRole("link", { name: "Preview every e-mail template" }).click();
      await page.waitForURL(/\/admin\/outbox\/templates$/);
      await expect.poll(() => page.getByRole("heading", { level: 1, name: "E-mail templates" }).isVisible()).toBe(true);
      const names = await page.getByTestId("email-template").getByRole("heading", { level: 2 }).allTextContents();
      expect(names).toEqual([
        "Verify e-mail address",
        "Invitation to a business account",
        "Account already exists",
        "Reset password",
        "Confirm a new e-mail address",
        "E-mail address being changed (notice)",
        "AI employee setup instructions",
        "Welcome",
        "Payment failed",
        "AI employee joined a subscription",
        "Trial started",
        "Trial ends in 3 days",
        "Subscription cancelled",
        "Plan changed",
        "Usage alert",
        "Spend limit reached",
        "Webhook endpoint turned off",
        "Daily summary",
        "Call notification",
        "Contact message (to the team)",
      ]);
      const setup = page.getByTestId("email-template").filter({ has: page.getByRole("heading", { name: "AI employee setup instructions" }) });
      expect(await setup.getByText("Your AI employee Nova is ready to start").isVisible()).toBe(true);
      const text = (await setup.getByTestId("email-text").textContent()) ?? "";
      expect(text).toContain("Verify your e-mail address with the link we send you.");
      expect(text).toMatch(/https?:\/\/[^\s]+\/login\?returnTo=%2Fbilling/);
      // The HTML part, in its sandboxed frame: the button links to the absolute sign-in URL.
      const button = page.frameLocator('iframe[title="HTML version of Your AI employee Nova is ready to start"]').getByRole("link", { name: "Sign in and start your free trial" });
      expect(await button.getAttribute("href")).toMatch(/^https?:\/\/[^/]+\/login\?returnTo=%2Fbilling$/);
      // What a visitor typed is shown as text, never as markup.
      const contact = page.getByTestId("email-template").filter({ has: page.getByRole("heading", { name: "Contact message (to the team)" }) });
      expect(await contact.getByTestId("email-text").textContent()).toContain("Company: Bright Smiles <Dental>");
      const contactFrame = page.frameLocator('iframe[title="HTML version of New contact message: Sales and pricing"]');
      expect(await contactFrame.getByText("Bright Smiles <Dental>").count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoAxeViolations(page);
      await screenshot(page, viewport.shot);
      await context.close();
    }
  });

  /** A signed-out visitor opening `path` is sent to sign in; once signed up as a customer, `path` says Access Denied. */
  async function refusedToVisitorAndCustomer(path: string, prefix: string): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await suite.newPage();
    await page.goto(path);
    await waitForLoginPage(page);
    await signUp(page, uniqueUser(prefix), "/dashboard");
    await page.goto(path);
    expect(await page.getByRole("heading", { name: "Access Denied" }).isVisible()).toBe(true);
    return { context, page };
  }

  it("refuses the template gallery to a signed-out visitor and a customer", async () => {
    const { context, page } = await refusedToVisitorAndCustomer("/admin/outbox/templates", "no-templates");
    expect(await page.getByTestId("email-template").count()).toBe(0);
    await context.close();
  });

  it("refuses the outbox to a signed-out visitor and a customer", async () => {
    const { context } = await refusedToVisitorAndCustomer("/admin/outbox", "no-outbox");
    await context.close();
  });
});

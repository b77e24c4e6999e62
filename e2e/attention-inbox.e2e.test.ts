import { afterAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { simulatedTraffic } from "../scripts/simulated-traffic.mjs";
import { checkBothWidths, inviteStaffAndJoin, startTrialFromBilling, uniqueUser, type CustomerWithEmployee } from "./browser";
import { createApiKey, postInteractions } from "./interactions";
import { journeyBrowser } from "./suite";

/**
 * Issue 23's second journey: after simulated calls, the owner clears the
 * "needs attention" inbox on the dashboard, and a staff member of the same
 * account sees the same items as handled, with who handled them (ADR 0115).
 */

const baseUrl = inject("baseUrl");
const suite = journeyBrowser({ admin: true });
let owner: CustomerWithEmployee;
let staffContext: BrowserContext;
let staff: Page;
const frontDesk = uniqueUser("inbox-staff", "Sam", "Staff");
let handledCount = 0;

afterAll(async () => {
  await staffContext?.close();
  await owner?.context.close();
});

describe("the needs-attention inbox", () => {
  it("0. an owner with a trial, and a day of simulated calls", async () => {
    owner = await suite.newCustomerWithEmployee({ employee: "Ivy", prefix: "inbox-owner", firstName: "Olive", lastName: "Owner" });
    await startTrialFromBilling(owner.page, "Ivy", "Olive Owner");
    const adminPage = await suite.admin.newPage();
    const key = await createApiKey(adminPage, "Inbox journey (e2e)");
    await adminPage.close();
    const records = simulatedTraffic({ seed: 23, days: 1, perDay: 30, end: Date.now() - 60_000, aiEmployeeId: owner.orderId });
    const res = await postInteractions(baseUrl, key, records);
    expect(res.status).toBe(200);
  });

  it("1. the owner sees what needs attention, with the call and a call-back link", async () => {
    const page = owner.page;
    await page.goto("/dashboard");
    const inbox = page.getByRole("list", { name: "Needs attention" });
    await inbox.waitFor({ timeout: 15_000 });
    const first = inbox.getByRole("listitem").first();
    expect(await first.getByRole("link", { name: /^View call/ }).getAttribute("href")).toMatch(/^\/calls\/.+/);
    expect(
      await inbox
        .getByRole("link", { name: /^Call back/ })
        .first()
        .getAttribute("href"),
    ).toMatch(/^tel:\+\d+$/);
    await page.getByTestId("today-strip").waitFor();
    await checkBothWidths(page, "attention-1-owner-inbox", () => inbox.waitFor());
  });

  it("2. the owner marks every item handled, and can undo one", async () => {
    const page = owner.page;
    const buttons = page.getByRole("button", { name: /^Mark handled/ });
    for (let n = 0; n < 60 && (await buttons.count()) > 0; n++) {
      const before = await buttons.count();
      await buttons.first().click();
      await expect.poll(() => buttons.count(), { timeout: 15_000 }).toBeLessThan(before);
      handledCount++;
    }
    expect(handledCount).toBeGreaterThan(0);
    await page.getByText("Nothing needs your attention right now.").waitFor();
    const handled = page.getByRole("list", { name: "Recently handled" });
    await expect.poll(() => handled.getByTestId("handled-by").first().textContent()).toContain("Handled by Olive Owner");
    // Undo brings one back, and marking it again clears the inbox.
    await handled.getByRole("button", { name: /^Undo/ }).first().click();
    await expect.poll(() => buttons.count(), { timeout: 15_000 }).toBe(1);
    await buttons.first().click();
    await page.getByText("Nothing needs your attention right now.").waitFor();
    await checkBothWidths(page, "attention-2-owner-cleared", () => page.getByText("Nothing needs your attention right now.").waitFor());
  });

  it("3. a staff member of the account sees the same items as handled, by the owner", async () => {
    ({ context: staffContext, page: staff } = await inviteStaffAndJoin(suite.browser, baseUrl, suite.admin, owner.page, frontDesk));

    await staff.getByText("Nothing needs your attention right now.").waitFor({ timeout: 15_000 });
    const handled = staff.getByRole("list", { name: "Recently handled" });
    await expect.poll(() => handled.getByTestId("handled-by").count()).toBe(Math.min(handledCount, 20));
    for (const line of await handled.getByTestId("handled-by").allTextContents()) expect(line).toContain("Handled by Olive Owner");
    await checkBothWidths(staff, "attention-3-staff-sees-handled", () => handled.waitFor());
  });
});

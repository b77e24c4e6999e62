import { afterAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { api, checkBothWidths, emailTextFromOutbox, startTrialFromBilling, type CustomerWithEmployee } from "./browser";
import { createApiKey, postInteractions } from "./interactions";
import { journeyBrowser } from "./suite";

/**
 * Issue 25 (ADR 0129): a notification rule's e-mail reaches the outbox after a
 * call, and its unsubscribe link opens a page that says what it turns off
 * (changing nothing) and whose button does it, at both widths, with axe.
 */

const baseUrl = inject("baseUrl");
const suite = journeyBrowser({ admin: true });
let owner: CustomerWithEmployee;
let visitor: BrowserContext;

afterAll(async () => {
  await visitor?.close();
  await owner?.context.close();
});

describe("the unsubscribe link of a call notification", () => {
  let link = "";

  it("a rule's e-mail about a call is in the outbox with its unsubscribe link", async () => {
    owner = await suite.newCustomerWithEmployee({ employee: "Iris", prefix: "alerts-owner", firstName: "Olive", lastName: "Owner" });
    await startTrialFromBilling(owner.page, "Iris", "Olive Owner");
    await api(owner.context, "POST", "/api/notification-rules", { name: "Front desk", channel: "email", condition: "every_call", extraRecipients: ["front-desk@example.com"] });
    const adminPage = await suite.admin.newPage();
    const key = await createApiKey(adminPage, "Call alerts journey (e2e)");
    await adminPage.close();
    const record = {
      id: `alerts-e2e-${Date.now()}`,
      aiEmployeeId: owner.orderId,
      channel: "phone",
      direction: "inbound",
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      durationSeconds: 80,
      outcome: "answered",
      from: "+12125550100",
      callerName: "Rosa Martinez",
      summary: "Asked for a furnace check next week.",
    };
    const res = await postInteractions(baseUrl, key, [record]);
    expect(res.status).toBe(200);
    const text = await emailTextFromOutbox(suite.admin, "front-desk@example.com", "New call from Rosa Martinez");
    expect(text).toContain("Summary: Asked for a furnace check next week.");
    link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(text)?.[0] ?? "";
    expect(link).not.toBe("");
  });

  it("the page says what it turns off, changes nothing until the button, then confirms", async () => {
    visitor = await suite.newContext();
    const page = await visitor.newPage();
    const path = link.replace(/^https?:\/\/[^/]+/, "");
    await page.goto(path);
    await page.getByRole("heading", { name: "Unsubscribe" }).waitFor();
    await expect.poll(() => page.getByText("You will no longer receive “Front desk” at front-desk@example.com.").isVisible()).toBe(true);
    await checkBothWidths(page, "alerts-1-unsubscribe", () => page.getByRole("button", { name: "Unsubscribe" }).waitFor());
    // Opening it (twice) changed nothing.
    await page.reload();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    const done = page.getByRole("status").filter({ hasText: "You are unsubscribed." });
    await done.waitFor();
    await checkBothWidths(page, "alerts-2-unsubscribed", () => done.waitFor());
    await page.reload();
    await expect.poll(() => page.getByText("You are unsubscribed.").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);
  });
});

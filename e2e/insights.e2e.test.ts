import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { api, checkBothWidths, expectNoAxeViolations, reloadUntilOne, screenshot, signIn } from "./browser";
import { createApiKey, simulateCalls } from "./interactions";
import { journeyBrowser } from "./suite";

/**
 * Issue 26's journey for the business: the demo owner (Diaz Family Dental)
 * opens /insights, switches the period and an AI employee, reads a chart's
 * table view, and sees "At this pace: …" once `npm run simulate:calls`
 * pushes the month past its allowance. At 1280 px and 390 px, with axe;
 * screenshots test-results/screenshots/insights-*.
 */

const baseUrl = inject("baseUrl");
const suite = journeyBrowser({ admin: true });
const OWNER = { email: "owner@example.com", password: "owner-demo-password" };
let owner: BrowserContext;
let page: Page;
let aiEmployeeId = "";

beforeAll(async () => {
  ({ context: owner, page } = await suite.newPage());
  await signIn(page, OWNER.email, OWNER.password, "/dashboard");
});
afterAll(async () => {
  await owner?.close();
});

const heading = () => page.getByRole("heading", { level: 1, name: "Insights", exact: true });
const periodText = () => page.getByTestId("insights-period").textContent();
const figure = async (testId: string) => Number(((await page.getByTestId(testId).locator("p").nth(1).textContent()) ?? "").replace(/[^\d]/g, ""));

describe("insights for the business", () => {
  it("1. the demo owner opens /insights from the dashboard: the period against the one before, every chart, the estimate", async () => {
    // The dashboard's card leads there, with the last 7 days against the 7 before.
    const card = page.getByTestId("insights-summary");
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.textContent()).toMatch(/calls and messages in the last 7 days, (up|down|same)/);
    await page.getByRole("navigation").getByRole("link", { name: "Insights" }).first().click();
    await page.waitForURL((u) => u.pathname === "/insights");
    await checkBothWidths(page, "insights-1-30-days", () => heading().waitFor());
    expect(await periodText()).toMatch(/\(30 days\), compared with /);
    for (const title of ["Calls and messages per day", "Busiest hours", "Transfers by destination", "This month's units", "What your AI employee brought in"]) {
      expect(await page.getByRole("heading", { level: 2, name: title }).isVisible(), title).toBe(true);
    }
    // The estimate is called one, with its defaults and formula on the page; the owner (billing.read) sees dollars.
    const estimate = page.getByTestId("revenue-estimate");
    expect(await estimate.textContent()).toContain("An estimate, not a measurement");
    expect(await page.getByLabel("Average job value ($)", { exact: true }).inputValue()).toBe("150");
    expect(await page.getByLabel("Booking rate (%)", { exact: true }).inputValue()).toBe("30");
    expect(await page.getByTestId("revenue-formula").textContent()).toContain("Estimated jobs = appointments booked + booking rate");
    expect(await page.getByTestId("subscription-cost").textContent()).toMatch(/\$[\d,]+ for 30 days/);
  });

  it("2. switches to the last 7 days and one AI employee: the address holds the view, the server draws it", async () => {
    await page.getByLabel("Period", { exact: true }).selectOption("7");
    const select = page.getByLabel("AI employee", { exact: true });
    // The demo business's AI employee, Max.
    aiEmployeeId = await select
      .locator("option", { hasText: "Max" })
      .getAttribute("value")
      .then((v) => v ?? "");
    expect(aiEmployeeId).not.toBe("");
    await select.selectOption(aiEmployeeId);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((u) => u.searchParams.get("period") === "7" && u.searchParams.get("aiEmployeeId") === aiEmployeeId);
    await checkBothWidths(page, "insights-2-7-days-employee", () => heading().waitFor());
    expect(await periodText()).toMatch(/\(7 days\), compared with /);
    expect(await page.getByLabel("AI employee", { exact: true }).inputValue()).toBe(aiEmployeeId);
    // Reloading the address draws the same view (nothing kept in the browser).
    await page.reload();
    expect(await page.getByLabel("Period", { exact: true }).inputValue()).toBe("7");
  });

  it("3. reads the daily chart's table view: one row a day, the same numbers as the figures; the chart reads out by keyboard", async () => {
    const section = page.getByTestId("chart-daily");
    await section.getByText("Table view").click();
    const table = section.getByRole("table");
    await expect.poll(() => table.isVisible()).toBe(true);
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBe(7);
    const totals = await rows.locator("td:last-child").allTextContents();
    const sum = totals.reduce((s, t) => s + Number(t.replace(/[^\d]/g, "")), 0);
    expect(sum).toBe(await figure("total-interactions"));
    // The chart's accessible description is this table.
    const chart = page.getByTestId("daily-chart");
    expect(await chart.getAttribute("aria-describedby")).toContain((await table.getAttribute("id"))!);
    await chart.focus();
    await page.keyboard.press("End");
    expect(await page.getByTestId("daily-chart-readout").textContent()).toMatch(/: [\d,]+ in all, [\d,]+ answered/);
    await checkBothWidths(page, "insights-3-table-view", () => table.waitFor());
  });

  it("4. after simulate:calls pushes the month past its allowance, the projection appears in the issue's words", async () => {
    const adminPage = await suite.admin.newPage();
    const key = await createApiKey(adminPage, "Voice platform (insights e2e)");
    await adminPage.close();

    // A day of calls ending now on the product's clock (the sandbox's, which other journeys move forward).
    const clock = await api<{ now: string }>(suite.admin, "GET", "/api/admin/sandbox-clock");
    simulateCalls(baseUrl, key, aiEmployeeId, { days: 1, perDay: 150, seed: 26, end: clock.now });

    const projection = page.getByTestId("units-projection");
    await reloadUntilOne(page, "/insights", projection, { timeout: 90_000, interval: 3_000 });
    expect(await projection.textContent()).toMatch(/^At this pace: about [\d,]+ of [\d,]+ units, about \$[\d,]+ extra$/);
    await page.getByTestId("chart-month-units").getByText("Table view").click();
    await checkBothWidths(page, "insights-4-projection", () => projection.waitFor());
    await screenshot(page, "insights-4-projection-full");
    await expectNoAxeViolations(page);
  });
});

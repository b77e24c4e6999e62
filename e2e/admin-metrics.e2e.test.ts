import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { checkBothWidths, screenshot } from "./browser";
import { journeyBrowser } from "./suite";

/**
 * The operator's metrics (issue 26, ADR 0139): the admin opens /admin/metrics
 * from the console's navigation, reads it at 1280 and 390 px with axe, opens
 * a figure's table view and downloads its CSV.
 */
const suite = journeyBrowser({ admin: true });
let page: Page;

beforeAll(async () => {
  page = await suite.admin.newPage();
});

describe("admin metrics", () => {
  it("the admin opens Metrics from the console, reads every figure at both widths, a table view and a CSV", async () => {
    await page.goto("/admin");
    await page.getByRole("link", { name: "Metrics", exact: true }).first().click();
    await page.waitForURL("**/admin/metrics");
    const ready = () => page.getByRole("heading", { level: 1, name: "Metrics" }).waitFor();
    await ready();
    const paint = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null);
    console.log(`admin-metrics first contentful paint: ${paint === null ? "n/a" : `${Math.round(paint)} ms`}`);

    for (const title of [
      "Monthly recurring revenue",
      "Active subscriptions and trials by plan",
      "Trial-to-paid conversion",
      "Churn over 30 days",
      "Overage revenue",
      "Failed payments",
      "Recovered payments",
      "Units by plan",
      "Closest to or past their allowance",
    ]) {
      const section = page.getByRole("region", { name: title, exact: true });
      await section.getByRole("heading", { level: 2, name: title }).waitFor();
      expect(await section.locator("dl dt").count()).toBeGreaterThan(0);
      expect(await section.getByRole("link", { name: `Download CSV of ${title}` }).getAttribute("href")).toMatch(/^\/api\/admin\/metrics\/export\.csv\?figure=/);
    }
    await checkBothWidths(page, "admin-metrics", ready);

    // The table view of the MRR: one row a month for the last 12 months.
    const mrr = page.getByRole("region", { name: "Monthly recurring revenue", exact: true });
    await mrr.getByText("Table view").click();
    const table = mrr.getByRole("table", { name: "Monthly recurring revenue" });
    await table.waitFor();
    expect(await table.locator("tbody tr").count()).toBe(12);
    expect(await table.getByRole("columnheader").allTextContents()).toEqual(["Month", "MRR", "New", "Of which reactivated", "Expansion", "Contraction", "Churned", "Paying subscriptions"]);
    await screenshot(page, "admin-metrics-table");

    // Its CSV downloads with the same 12 months.
    const [download] = await Promise.all([page.waitForEvent("download"), mrr.getByRole("link", { name: "Download CSV of Monthly recurring revenue" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^metrics-mrr-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("month,mrr_usd,new_usd,reactivation_usd,expansion_usd,contraction_usd,churned_usd,paying");
    expect(lines).toHaveLength(13);
  });
});

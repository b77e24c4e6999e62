import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { TestS3Server } from "../../test/s3-test-server";
import { DEMO_ADMIN, chooseAvatarSlowly, expectNoAxeViolations, newPage, openTab, screenshot, signIn, tinyPng, toastText } from "../browser";

export type S3JourneyContext = {
  baseUrl: string;
  browser: Browser;
  s3: TestS3Server;
  /** Signs the page in as an admin and ends on /admin (default: the demo admin's password). */
  signInAdmin?: (page: Page) => Promise<void>;
  /** Tells screenshots of several configurations apart. */
  name?: string;
};

/**
 * The admin uploads an avatar straight into the S3 bucket (presigned PUT,
 * the bucket's CORS rule, progress bar), attaches it to a new AI-ready order
 * and sees it load from where the app says it is stored.
 */
export function s3UploadJourney(ctx: () => S3JourneyContext): void {
  it("admin uploads an avatar through the S3 bucket, with progress, and the order shows it", async () => {
    const { baseUrl, browser, s3, signInAdmin, name: shot = "s3" } = ctx();
    const { context, page } = await newPage(browser, baseUrl);
    const tag = randomUUID().slice(0, 8);
    const name = `Skye ${tag}`;
    const customerEmail = `s3-owner-${tag}@example.com`;
    try {
      await (signInAdmin ? signInAdmin(page) : signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password, "/admin"));
      await openTab(page, "Create Orders");
      await page.getByLabel("AI Employee Name").fill(name);
      await page.getByLabel("Phone Number").fill("+1 (555) 010-7788");
      await page.getByLabel("Customer Email").fill(customerEmail);
      await page.getByLabel("Web Chat URL").fill("https://chat.example.com/skye");

      // The PUT goes to the bucket, not to the app; held back so the progress bar can be seen.
      const { bar, puts } = await chooseAvatarSlowly(page, `${s3.endpoint}/**`, { name: "skye.png", png: tinyPng(96, 96) }, 1200);
      expect(await bar.getAttribute("aria-valuenow")).toMatch(/^\d+$/);
      await screenshot(page, `${shot}-admin-create-order-uploading`);
      await page.getByText("Avatar uploaded: skye.png").waitFor();
      expect(puts).toHaveLength(1);
      expect(puts[0]).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/avatars/[0-9a-f-]{36}\\.png\\?`));

      const preview = page.getByRole("img", { name: `Avatar of ${name}` });
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
      await expectNoAxeViolations(page);
      await screenshot(page, `${shot}-admin-create-order-filled`);

      await page.getByRole("button", { name: "Create AI Ready Order" }).click();
      await expect.poll(() => toastText(page)).toContain("Setup instructions have been emailed to the customer");

      await openTab(page, "Manage Orders");
      const row = page.getByTestId("order-row").filter({ hasText: customerEmail });
      await row.waitFor();
      const avatar = row.getByRole("img", { name: `Avatar of ${name}` });
      await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
      const src = await avatar.evaluate((img: HTMLImageElement) => img.currentSrc);
      const stored = s3.env().S3_PUBLIC_BASE_URL ? s3.publicBaseUrl : `${baseUrl}/api/objects`;
      expect(src).toMatch(new RegExp(`^${stored}/avatars/[0-9a-f-]{36}\\.png$`));
      await expectNoAxeViolations(page);
      await screenshot(page, `${shot}-admin-manage-orders`);

      await page.setViewportSize({ width: 390, height: 844 });
      await row.scrollIntoViewIfNeeded();
      await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
      await expectNoAxeViolations(page);
      await screenshot(page, `${shot}-admin-manage-orders-390`);
    } finally {
      await context.close();
    }
  });
}

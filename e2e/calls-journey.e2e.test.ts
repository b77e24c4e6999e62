import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import type { SubscriptionPeriodResponse } from "@/features/usage/usage.schema";
import { api, checkBothWidths, dismissToasts, expectNoAxeViolations, reloadUntilOne, screenshot, startTrialFromBilling, subscriptionOf, toastText } from "./browser";
import { createApiKey, postInteractions, simulateCalls } from "./interactions";
import { journeyBrowser } from "./suite";

/**
 * Issue 13 in the browser: an admin makes an API key; the simulator posts a
 * day of calls through the public API; the customer finds a call by search,
 * reads its transcript, plays its recording, reports a spam call and sees the
 * credit, downloads the CSV; usage passes 80% and the alert e-mail is in the
 * outbox; the admin sees the month's units and bills the suggested overage of
 * the demo customer with an active subscription.
 */

const baseUrl = inject("baseUrl");
const suite = journeyBrowser({ admin: true });
let adminPage: Page;
let key: string;

beforeAll(async () => {
  adminPage = await suite.admin.newPage();
});

async function postRecords(records: Record<string, unknown>[]): Promise<{ status: string; units: number | null; message: string | null }[]> {
  const res = await postInteractions(baseUrl, key, records);
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { status: string; units: number | null; message: string | null }[] }).results;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
/** A moment after `since` (a record older than its subscription counts toward no month: issue 21). */
const after = (since: number, seconds: number) => new Date(since + seconds * 1000).toISOString();

/** `n` answered calls of 3 units (400 s) for the AI employee, started `startedAt(i)`. */
function longCalls(target: { aiEmployeeId?: string; aiPhoneNumber?: string }, n: number, tag: string, startedAt: (i: number) => string = (i) => minutesAgo(30 + i)) {
  return Array.from({ length: n }, (_, i) => ({
    id: `e2e-${tag}-${Date.now()}-${i}`,
    ...target,
    channel: "phone",
    direction: "inbound",
    startedAt: startedAt(i),
    durationSeconds: 400,
    outcome: "answered",
    from: "+15550104040",
    summary: "Long call about a kitchen remodel estimate",
  }));
}

describe("calls and messages from the AI employees", () => {
  it("the admin creates an API key, shown once", async () => {
    key = await createApiKey(adminPage, "Voice platform (e2e)");
    expect(key).toMatch(/^hfk_/);
    expect(await adminPage.getByText("Copy this key now: it will not be shown again.").isVisible()).toBe(true);
    await screenshot(adminPage, "admin-api-keys");
    await expectNoAxeViolations(adminPage);
  });

  it("a customer's AI employee takes a day of calls; the customer searches, reads, listens, reports spam, downloads; the 80% alert arrives and is dismissed", async () => {
    const c = await suite.newCustomerWithEmployee({ employee: "Juniper", prefix: "calls", returnTo: "/billing" });
    await startTrialFromBilling(c.page, "Juniper", "Jo Calls");
    // The journey's own calls are dated after the subscription began, on the provider's clock (earlier journeys move the
    // sandbox's forward); the simulator's day is dated before it: shown, not billed (issue 21).
    const trialStarted = Date.parse((await subscriptionOf(suite.admin, c.user.email)).createdAt);
    await dismissToasts(c.page);

    // The simulator posts a day of realistic traffic through the public API.
    expect(simulateCalls(baseUrl, key, c.orderId, { days: 1, perDay: 30, seed: 13 })).toMatch(/created/);

    // Two calls to look for: one with a recording, one robocall the customer reports.
    const marker = `Quokkavalve${Date.now()}`;
    const [found, robocall] = await postRecords([
      {
        id: `e2e-found-${Date.now()}`,
        aiEmployeeId: c.orderId,
        channel: "phone",
        direction: "inbound",
        startedAt: after(trialStarted, 1),
        durationSeconds: 200,
        outcome: "answered",
        from: "+15550107777",
        summary: "Water heater leaking; visit booked for tomorrow 9am",
        transcript: [
          { speaker: "caller", text: `Hi, my ${marker} water heater is leaking in the garage.` },
          { speaker: "agent", text: "I'm sorry to hear that. I can book a plumber tomorrow at 9. Does that work?" },
          { speaker: "caller", text: "Yes, perfect." },
        ],
        recordingUrl: `${baseUrl}/recordings/sample-1.wav`,
        appointmentBooked: true,
        callerName: "Dana Whitfield",
      },
      {
        id: `e2e-robocall-${Date.now()}`,
        aiEmployeeId: c.orderId,
        channel: "phone",
        direction: "inbound",
        startedAt: after(trialStarted, 2),
        durationSeconds: 75,
        outcome: "answered",
        from: "+15550109999",
        summary: "Recorded message about an extended car warranty",
      },
    ]);
    expect([found!.status, found!.units, found!.message, robocall!.status, robocall!.units, robocall!.message]).toEqual(["created", 2, null, "created", 1, null]);

    // The Appointments view: the booked call with the caller's name and national number (issue 23).
    const page = c.page;
    await page.goto("/calls/appointments");
    const booked = page.getByRole("list", { name: "Booked appointments" });
    await checkBothWidths(page, "calls-appointments", async () => {
      await expect.poll(() => booked.getByRole("heading", { name: "Dana Whitfield" }).isVisible(), { timeout: 15_000 }).toBe(true);
    });
    expect(await booked.getByText("(555) 010-7777").first().isVisible()).toBe(true);

    // The call log, searched by a word of the transcript.
    const results = page.getByRole("list", { name: "Calls and messages" }).locator(":scope > li");
    await page.goto("/calls");
    await checkBothWidths(page, "calls-log", async () => {
      await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(10);
    });
    await page.getByRole("searchbox", { name: "Search" }).fill(marker);
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(1);
    await results.first().getByRole("link").first().click();
    await page.waitForURL(/\/calls\/.+/);

    // The detail: transcript as a conversation, the recording plays.
    const conversation = page.getByRole("list", { name: "Conversation" });
    await expect.poll(() => conversation.textContent(), { timeout: 15_000 }).toContain(marker);
    const played = await page.locator("audio").evaluate(async (a: HTMLAudioElement) => {
      a.muted = true;
      await a.play();
      await new Promise((r) => setTimeout(r, 600));
      return { duration: a.duration, time: a.currentTime };
    });
    expect(played.duration).toBeGreaterThan(1);
    expect(played.time).toBeGreaterThan(0);
    // The page stayed open past the link's 15 minutes: the player fetches a fresh link and plays on.
    const stale = await page.locator("audio").evaluate(async (a: HTMLAudioElement) => {
      a.pause();
      const url = new URL(a.src);
      url.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 60));
      a.src = url.toString();
      await a.play().catch(() => {});
      return a.src;
    });
    await expect.poll(() => page.locator("audio").evaluate((a: HTMLAudioElement) => (a.src !== "" && a.readyState >= 1 ? a.src : null)), { timeout: 15_000 }).not.toBeNull();
    const fresh = await page.locator("audio").evaluate(async (a: HTMLAudioElement) => {
      a.muted = true;
      await a.play();
      await new Promise((r) => setTimeout(r, 400));
      return { src: a.src, time: a.currentTime };
    });
    expect(fresh.src).not.toBe(stale);
    expect(new URL(fresh.src).searchParams.get("expires")).not.toBe(new URL(stale).searchParams.get("expires"));
    expect(fresh.time).toBeGreaterThan(0);
    expect(await page.getByRole("alert").filter({ hasText: "recording" }).count()).toBe(0);
    await checkBothWidths(page, "calls-detail", async () => {
      await expect.poll(() => page.getByTestId("call-units").isVisible()).toBe(true);
    });

    // The robocall, reported as spam: its unit is credited.
    await page.goto("/calls");
    await page.getByRole("searchbox", { name: "Search" }).fill("warranty");
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(1);
    await results.first().getByRole("link").first().click();
    await page.waitForURL(/\/calls\/.+/);
    await page.getByRole("button", { name: "Report as spam" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Report as spam" }).click();
    await expect.poll(() => page.getByText("Reported as spam: 1 unit credited").isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, "calls-spam-credited");

    // The CSV of the call log.
    await page.goto("/calls");
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(10);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.split("\r\n")[0]).toMatch(/^id,started_at,channel,direction,outcome/);
    expect(csv).toContain("Water heater leaking");
    expect(csv.trim().split("\r\n").length).toBeGreaterThan(10);

    // Usage passes 80% of the Small plan's 120 units (the trial month counts, ADR 0145): the alert e-mail is in the outbox.
    const alertCalls = await postRecords(longCalls({ aiEmployeeId: c.orderId }, 33, "alert", (i) => after(trialStarted, 3 + i / 10)));
    // Each counts toward this usage month (none dated before the subscription).
    expect(
      alertCalls.filter((r) => r.status !== "created" || r.message !== null),
      JSON.stringify(alertCalls[0]),
    ).toEqual([]);
    const alert = adminPage.getByTestId("outbox-row").filter({ hasText: c.user.email }).filter({ hasText: "You have used 80% of this month's units" });
    // The alert job runs behind whatever the earlier journeys queued: up to a minute on a busy machine.
    await reloadUntilOne(adminPage, "/admin/outbox", alert, { timeout: 60_000, interval: 1000 });

    // The dashboard shows the alert's notice, counts the units, and lists real activity.
    await page.goto("/dashboard");
    const notice = page.getByTestId("customer-notice").filter({ hasText: "80% of this month's units used" });
    await checkBothWidths(page, "calls-dashboard", async () => {
      await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.getByTestId("usage-total").textContent(), { timeout: 15_000 }).toMatch(/of 120 included units used/);
      await expect.poll(() => page.getByTestId("recent-activity").textContent(), { timeout: 15_000 }).toContain("Call from");
    });
    // Dismissed with the keyboard, it stays gone, and focus stays in the page (the next notice, or the heading).
    await notice.getByRole("button", { name: "Dismiss: 80% of this month's units used" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.evaluate(() => (document.activeElement?.matches("[data-dismiss-notice], main h1") ? "in the page" : document.activeElement?.tagName))).toBe("in the page");
    const reread = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notices" && r.ok());
    await page.reload();
    await reread;
    await expect.poll(() => page.getByTestId("usage-total").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await notice.count()).toBe(0);
    await c.context.close();
  }, 300_000);

  it("the admin sees the month's units of the active demo customer and bills the suggested overage", async () => {
    const owner = await subscriptionOf(suite.admin, "owner@example.com");
    expect(owner.status).toBe("active");
    // 45 long calls: 135 units, over the Small plan's 120 whatever the seeded month held.
    const posted = await postRecords(longCalls({ aiPhoneNumber: owner.aiReadyOrder!.aiPhoneNumber }, 45, "overage"));
    expect(posted.every((r) => r.status === "created")).toBe(true);
    const period = await api<SubscriptionPeriodResponse>(suite.admin, "GET", `/api/admin/subscription-period?subscriptionId=${owner.id}`);
    const cycle = period.billingCycles.find((x) => (period.unitsByCycle[x.id]?.extra ?? 0) > 0);
    expect(cycle, "a cycle with extra units").toBeTruthy();
    const units = period.unitsByCycle[cycle!.id]!;

    await adminPage.goto("/admin?tab=subscriptions");
    await adminPage.getByTestId("admin-subscriptions-search").fill("owner@example.com");
    const item = adminPage.getByRole("article", { name: /^Subscription of / }).filter({ hasText: "owner@example.com" });
    await expect.poll(() => item.isVisible(), { timeout: 15_000 }).toBe(true);
    await item.getByRole("button", { name: "Bill overage" }).click();
    await item.getByLabel("Billing period").selectOption(cycle!.id);
    await expect.poll(() => item.getByTestId("units-preview").textContent(), { timeout: 15_000 }).toContain("extra units");
    await item.getByLabel("Bill now (invoice immediately)").check();
    await item.getByRole("button", { name: "Start Overage Entry" }).click();
    const fill = item.getByRole("button", { name: "Fill in extra units" });
    await expect.poll(() => fill.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => item.getByLabel("Price", { exact: true }).locator("option").count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await fill.click();
    expect(await item.getByLabel("Unit price ($)").inputValue()).toBe((units.extraCostCents / 100).toFixed(2));
    await item.getByRole("button", { name: "Add Line Item" }).click();
    await expect.poll(() => item.getByRole("table").textContent(), { timeout: 10_000 }).toContain("extra units");
    await screenshot(adminPage, "admin-overage-extra-units");
    await dismissToasts(adminPage);
    await expectNoAxeViolations(adminPage);
    await item.getByRole("button", { name: "Review & Submit" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Submit and Bill Now" }).click();
    await expect.poll(() => toastText(adminPage), { timeout: 20_000 }).toContain("Invoice Created");
    const refreshed = await api<AdminSubscription[]>(suite.admin, "GET", `/api/admin/subscriptions?q=owner%40example.com`);
    expect(refreshed[0]!.id).toBe(owner.id);
  }, 180_000);
});

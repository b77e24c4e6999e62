import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";
import { checkBothWidths, dismissToasts, emailTextFromOutbox, startTrialFromBilling, toastText, type CustomerWithEmployee } from "./browser";
import { createApiKey, postInteractions, simulateCalls } from "./interactions";
import { journeyBrowser } from "./suite";

/**
 * Issue 25's journey: the owner adds a webhook endpoint (a receiver this test
 * starts, verifying every signature) and two notification rules (every call
 * by e-mail to themselves, every call by SMS to a mobile number);
 * `npm run simulate:calls` posts a day of calls; the e-mails are in the
 * outbox, the SMS in the SMS outbox and the deliveries in the log; a resend
 * arrives again with the same webhook-id. Each page at 1280 px and 390 px,
 * with axe.
 */

const baseUrl = inject("baseUrl");
const suite = journeyBrowser({ admin: true });
const receiverPort = inject("receiverPort");
const EMPLOYEE = "Iris";
const MOBILE = "(212) 555-0199";
const CALLER = `Quentin Quokka ${Date.now().toString(36)}`;
let owner: CustomerWithEmployee;
let receiver: WebhookReceiver;
let apiKey = "";
let simulated = 0;

beforeAll(async () => {
  // The app may send to this port only (e2e/global-setup.ts sets OUTBOUND_ALLOW_HOSTS).
  receiver = await startWebhookReceiver({ port: receiverPort, path: "/crm/hooks" });
});
afterAll(async () => {
  await receiver?.close();
  await owner?.context.close();
});

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

describe("notifications and webhooks", () => {
  it("1. the owner adds a webhook endpoint and gets its signing secret once", async () => {
    owner = await suite.newCustomerWithEmployee({ employee: EMPLOYEE, prefix: "hooks-owner", firstName: "Hana", lastName: "Hooks" });
    await startTrialFromBilling(owner.page, EMPLOYEE, "Hana Hooks");
    const page = owner.page;
    await dismissToasts(page);
    await page.goto("/account");
    await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Webhooks" }).click();
    await heading(page, "Webhooks").waitFor({ timeout: 15_000 });
    await checkBothWidths(page, "webhooks-1-empty", () => heading(page, "Webhooks").waitFor());

    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByLabel("Description").fill("Our CRM");
    for (const type of ["call.completed", "call.updated", "appointment.booked"]) await page.getByRole("checkbox", { name: type, exact: true }).check();
    await page.getByRole("button", { name: "Save endpoint" }).click();
    const secretRegion = page.getByRole("region", { name: "Signing secret" });
    await secretRegion.waitFor({ timeout: 15_000 });
    expect(await secretRegion.textContent()).toContain("Copy it now: it is not shown again.");
    const secret = ((await secretRegion.getByTestId("signing-secret").textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    receiver.setSecrets([secret!]);
    await checkBothWidths(page, "webhooks-2-secret", () => secretRegion.waitFor());

    // Shown once: after a reload the page no longer has it.
    await page.reload();
    await heading(page, "Webhooks").waitFor();
    expect(await page.getByText(receiver.url).count()).toBeGreaterThan(0);
    expect(await page.content()).not.toContain(secret!);
  });

  it("2. the owner adds two notification rules: every call by e-mail to themselves, and by SMS to a mobile", async () => {
    const page = owner.page;
    await page.goto("/account");
    await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Notifications" }).click();
    await heading(page, "Notifications").waitFor({ timeout: 15_000 });
    await checkBothWidths(page, "notifications-1-empty", () => heading(page, "Notifications").waitFor());

    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByLabel("Rule name").fill("Every call to me");
    await page.getByRole("group", { name: "Channel" }).getByRole("radio", { name: "E-mail" }).check();
    await page.getByLabel("Condition").selectOption({ label: "Every call" });
    await page.getByRole("checkbox", { name: /Hana Hooks/ }).check();
    await page.getByRole("button", { name: "Save rule" }).click();
    expect(await toastText(page)).toContain("Rule saved");
    await dismissToasts(page);

    await page.getByRole("button", { name: "Add rule" }).click();
    await page.getByLabel("Rule name").fill("Texts to the front desk");
    await page.getByRole("group", { name: "Channel" }).getByRole("radio", { name: "SMS" }).check();
    await page.getByLabel("Condition").selectOption({ label: "Every call" });
    await page.getByLabel("Extra recipients").fill(MOBILE);
    await page.getByRole("button", { name: "Save rule" }).click();
    expect(await toastText(page)).toContain("Rule saved");
    await dismissToasts(page);
    // The owner's own switches: both rules listed under "Your notifications" (the e-mail one names them).
    await expect.poll(() => page.getByRole("switch", { name: "Every call to me" }).count(), { timeout: 10_000 }).toBe(1);
    await checkBothWidths(page, "notifications-2-rules", () => page.getByText("Texts to the front desk").first().waitFor());
  });

  it("3. simulate:calls posts a day of calls through the public API", async () => {
    await suite.admin
      .pages()[0]
      ?.close()
      .catch(() => {});
    const adminPage = await suite.admin.newPage();
    apiKey = await createApiKey(adminPage, "Voice platform (notifications e2e)");
    await adminPage.close();

    simulated = Number(/created (\d+)/.exec(simulateCalls(baseUrl, apiKey, owner.orderId, { days: 1, perDay: 12, seed: 25 }))?.[1] ?? "0");
    expect(simulated).toBeGreaterThan(0);

    // And one call we can name, answered and booked.
    const res = await postInteractions(baseUrl, apiKey, [
      {
        id: `e2e-hooks-${Date.now()}`,
        aiEmployeeId: owner.orderId,
        channel: "phone",
        direction: "inbound",
        startedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
        durationSeconds: 140,
        outcome: "answered",
        from: "+12125550142",
        callerName: CALLER,
        summary: "Asked for a cleaning; booked for Tuesday at 10:00.",
        appointmentBooked: true,
        tags: ["booking"],
      },
    ]);
    expect(res.status).toBe(200);
  });

  it("4. the e-mails are in the outbox, the SMS in the SMS outbox, and the deliveries in the log", async () => {
    // The named call's e-mail: caller, outcome, booking, links to the call's page (sign-in required) and its spam report, and an unsubscribe link.
    const text = await emailTextFromOutbox(suite.admin, owner.user.email, `New call from ${CALLER} · Answered`);
    expect(text).toContain("Asked for a cleaning; booked for Tuesday at 10:00.");
    expect(text).toMatch(/\/calls\/[^\s]+#report-spam/);
    expect(text).toContain("/unsubscribe?token=");

    // Every call reached the receiver as call.completed, signed with the endpoint's secret.
    await expect.poll(() => receiver.received.filter((r) => r.payload?.type === "call.completed").length, { timeout: 60_000, interval: 1000 }).toBe(simulated + 1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.received.some((r) => r.payload?.type === "appointment.booked")).toBe(true);
    expect(receiver.received.every((r) => !r.body.includes('"transcript"'))).toBe(true);

    // One e-mail per call that is not spam (ADR 0129), to the owner: as many as the receiver's non-spam calls.
    const calls = receiver.received.filter((r) => r.payload?.type === "call.completed").map((r) => r.payload!.data as { outcome: string; tags: string[] });
    const told = calls.filter((c) => c.outcome !== "spam" && !c.tags.includes("spam")).length;
    const outbox = await suite.admin.newPage();
    await expect
      .poll(
        async () => {
          await outbox.goto("/admin/outbox");
          return outbox
            .getByTestId("outbox-row")
            .filter({ hasText: owner.user.email })
            .filter({ hasText: / · (Answered|Voicemail|No answer|Busy|Failed|Transferred)/ })
            .count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(told);

    // The SMS: the first few calls each, in the SMS outbox (a burst waits for one "N new calls" message).
    await expect
      .poll(
        async () => {
          await outbox.goto("/admin/sms-outbox");
          return outbox.getByRole("row").filter({ hasText: "212" }).filter({ hasText: "/calls" }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await checkBothWidths(outbox, "notifications-3-sms-outbox", () => outbox.getByRole("row").nth(1).waitFor());
    await outbox.close();

    const page = owner.page;
    await page.goto("/account/webhooks");
    const log = page.getByRole("table", { name: /Deliveries/ }).first();
    await log.waitFor({ timeout: 15_000 });
    expect(await log.getByRole("row").count()).toBeGreaterThan(1);
    await checkBothWidths(page, "webhooks-3-deliveries", () => log.waitFor());
  });

  it("5. a resend arrives again with the same webhook-id", async () => {
    const page = owner.page;
    const before = receiver.received.length;
    const log = page.getByRole("table", { name: /Deliveries/ }).first();
    await log.getByRole("button", { name: "Resend" }).first().click();
    expect(await toastText(page)).toContain("Event resent");
    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 500 }).toBeGreaterThan(before);
    const again = receiver.received[receiver.received.length - 1]!;
    expect(again.verified).toBe(true);
    expect(receiver.ids().filter((id) => id === again.id).length).toBe(2);
  });
});

import { afterAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { checkBothWidths, inviteStaffAndJoin, dismissToasts, startTrialFromBilling, toastText, uniqueUser, type CustomerWithEmployee } from "./browser";
import { journeyBrowser } from "./suite";

/**
 * Issue 24's journey: the owner shapes the AI employee (hours, two answers, a
 * transfer rule) and saves; the voice platform's copy goes live; the preview
 * at 22:00 on a Saturday says closed, with the after-hours message; the owner
 * restores the version before that save; a staff member sees it all read-only; an
 * operator changes it from the admin console, and the history says
 * "operator". Each step at 1280 px and 390 px, with axe.
 */

const baseUrl = inject("baseUrl");
const suite = journeyBrowser({ admin: true });
const EMPLOYEE = "Juno";
const AFTER_HOURS = "We are closed right now. Leave your name and number and we will call you back in the morning.";
const ANSWERS = [
  { question: "Do you take insurance?", answer: "Yes: Delta Dental, Cigna and Aetna." },
  { question: "Where do I park?", answer: "Free parking behind the building, entrance on Elm Street." },
];
let owner: CustomerWithEmployee;
let staffContext: BrowserContext;
let staff: Page;
const frontDesk = uniqueUser("settings-staff", "Sam", "Staff");
let settingsPath = "";
let answersBefore = 0;

afterAll(async () => {
  await staffContext?.close();
  await owner?.context.close();
});

/** A field by its exact accessible name (the form has "Time zone" beside "Time", "Closed day date 1" beside "Day"). */
const field = (scope: Page | Locator, name: string) => scope.getByLabel(name, { exact: true });
const heading = (page: Page) => page.getByRole("heading", { level: 1, name: `${EMPLOYEE} settings` });
const region = (page: Page, name: string) => page.getByRole("region", { name });
/** The entries of the version history in `scope` whose text matches `start` (e.g. /^Version 2 · /). */
const versionEntry = (scope: Page | Locator, start: RegExp) => scope.getByRole("listitem").filter({ hasText: start });
const questions = (page: Page) => page.getByRole("textbox", { name: /^Question \d+$/ });

describe("the AI employee's settings", () => {
  it("1. the owner opens the settings from the dashboard, sets hours, two answers and a transfer rule, and saves", async () => {
    owner = await suite.newCustomerWithEmployee({ employee: EMPLOYEE, prefix: "settings-owner", firstName: "Olive", lastName: "Owner" });
    await startTrialFromBilling(owner.page, EMPLOYEE, "Olive Owner");
    const page = owner.page;
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "AI Settings" }).click();
    // One AI employee: /ai-employees opens its settings.
    await page.waitForURL((u) => /^\/ai-employees\/[^/]+\/settings$/.test(u.pathname), { timeout: 15_000 });
    settingsPath = new URL(page.url()).pathname;
    expect(settingsPath).toBe(`/ai-employees/${owner.orderId}/settings`);
    await heading(page).waitFor({ timeout: 15_000 });
    for (const name of [
      "Identity",
      "Business hours",
      "After hours",
      "Answers",
      "Transfers",
      "Appointment booking",
      "Recording and consent",
      "Spend limit",
      "What a caller hears",
      "Test call",
      "History",
    ]) {
      expect(await page.getByRole("heading", { level: 2, name, exact: true }).count(), name).toBe(1);
    }
    expect(await page.getByRole("link", { name: "Call it now" }).getAttribute("href")).toMatch(/^tel:\+\d+$/);
    expect(await versionEntry(page, /^Version 1 · /).count()).toBe(1);
    // Prepared before the owner signed up, the defaults were made again for the business that claimed it.
    expect(await versionEntry(page, /^Version 2 · HumanFocus AI · /).count()).toBe(1);

    // Monday 08:00–12:00 and 13:00–18:00.
    const monday = page.getByRole("group", { name: "Monday", exact: true });
    const closedMonday = monday.getByRole("checkbox", { name: "Closed on Monday" });
    if ((await closedMonday.count()) > 0 && (await closedMonday.isChecked())) await closedMonday.uncheck();
    if ((await field(monday, "Monday opens").count()) === 0) await monday.getByRole("button", { name: "Add hours for Monday" }).click();
    await field(monday, "Monday opens").fill("08:00");
    await field(monday, "Monday closes").fill("12:00");
    if ((await field(monday, "Monday opens 2").count()) === 0) await monday.getByRole("button", { name: "Add hours for Monday" }).click();
    await field(monday, "Monday opens 2").fill("13:00");
    await field(monday, "Monday closes 2").fill("18:00");
    // Closed on Saturdays, taking messages.
    const closedSaturday = page.getByRole("checkbox", { name: "Closed on Saturday" });
    if (!(await closedSaturday.isChecked())) await closedSaturday.check();
    await page.getByRole("radiogroup", { name: "When closed" }).getByRole("radio", { name: "Take a message" }).check();
    await field(page, "Message text").fill(AFTER_HOURS);

    // Two answers after those the defaults may have.
    answersBefore = await questions(page).count();
    for (const [i, a] of ANSWERS.entries()) {
      await page.getByRole("button", { name: "Add answer" }).click();
      await field(page, `Question ${answersBefore + i + 1}`).fill(a.question);
      await field(page, `Answer ${answersBefore + i + 1}`).fill(a.answer);
    }

    // A transfer rule with one number.
    await page.getByRole("button", { name: "Add transfer rule" }).click();
    await field(page, "Rule 1 label").fill("Dental emergency");
    await field(page, "Rule 1 applies when").fill("The caller has a dental emergency: pain, swelling or a broken tooth.");
    await field(page, "Rule 1 says before transferring").fill("Let me put you through to the dentist on call.");
    if ((await field(page, "Rule 1 number 1").count()) === 0) await page.getByRole("button", { name: "Add number to rule 1" }).click();
    await field(page, "Rule 1 number 1").fill("(212) 555-0142");
    await field(page, "Rule 1 number 1 rings (seconds)").fill("25");
    await field(page, "Rule 1 if nobody answers").selectOption({ label: "Take a message" });

    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Settings saved (version 3)");
    await dismissToasts(page);
    // Version 1 was the defaults made with the order, version 2 the same for the business that claimed it (ADR 0123).
    // The form starts again from version 3, numbers in E.164 as the server keeps them.
    await expect.poll(() => field(page, `Question ${answersBefore + 2}`).inputValue()).toBe(ANSWERS[1]!.question);
    expect(await versionEntry(page, /^Version 3 · Olive Owner · /).count()).toBe(1);
    await checkBothWidths(page, "ai-settings-1-saved", () => heading(page).waitFor());
  });

  it("2. the voice platform's copy goes live", async () => {
    const page = owner.page;
    const status = page.getByRole("status").filter({ hasText: /^(Live|Updating|Could not update)/ });
    await expect.poll(() => status.textContent(), { timeout: 30_000, interval: 500 }).toMatch(/^Live since (\w{3} \d{1,2}, \d{4} )?\d{2}:\d{2}$/);
    expect(await page.getByRole("button", { name: "Retry now" }).count()).toBe(0);
    await checkBothWidths(page, "ai-settings-2-live", () => status.filter({ hasText: "Live since" }).waitFor());
  });

  it("3. the preview at 22:00 on a Saturday: closed, with the after-hours message", async () => {
    const page = owner.page;
    const preview = region(page, "What a caller hears");
    await preview.getByRole("radio", { name: "Pick a time" }).check();
    await field(preview, "Day").selectOption({ label: "Saturday" });
    await field(preview, "Time").fill("22:00");
    await preview.getByRole("button", { name: "Show what a caller hears" }).click();
    const result = preview.getByTestId("caller-preview-result");
    await result.waitFor({ timeout: 15_000 });
    const text = (await result.textContent()) ?? "";
    expect(text).toContain("Saturday 22:00");
    expect(text).toMatch(/Closed/);
    expect(text).not.toMatch(/\bOpen\b/);
    // The greeting (the platform says it at every hour), then the after-hours text.
    expect(text).toMatch(new RegExp(`They hear: Thank you for calling.*, this is ${EMPLOYEE}\\. How can I help you today\\? `));
    expect(text).toContain(`${AFTER_HOURS}`);
    expect(text).toContain("No transfer rules apply");
    expect(text).toContain("Booking: off");
    await checkBothWidths(page, "ai-settings-3-preview-saturday-night", () => result.waitFor());
  });

  it("4. the owner restores the version before their save, and compares: the answers are gone", async () => {
    const page = owner.page;
    const history = region(page, "History");
    await history.getByRole("button", { name: "Restore version 2" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore version 2?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Restore", exact: true }).click();
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Version 2 restored as version 4");
    await dismissToasts(page);
    await expect.poll(() => questions(page).count()).toBe(answersBefore);
    for (const q of await questions(page).all()) expect(ANSWERS.map((a) => a.question)).not.toContain(await q.inputValue());
    const restored = versionEntry(history, /^Version 4 · Olive Owner · /);
    await expect.poll(() => restored.textContent()).toContain("Restored from version 2");
    // Version 3 against the current settings: its answers and transfer rule are the difference.
    await history.getByRole("button", { name: "Compare version 3 with current" }).click();
    const diff = history.getByTestId("settings-diff");
    await diff.waitFor();
    expect(await diff.textContent()).toContain("Answers");
    expect(await diff.textContent()).toContain("Transfers");
    await checkBothWidths(page, "ai-settings-4-restored", () => diff.waitFor());
  });

  it("5. a staff member sees it all read-only", async () => {
    ({ context: staffContext, page: staff } = await inviteStaffAndJoin(suite.browser, baseUrl, suite.admin, owner.page, frontDesk));

    await staff.goto(settingsPath);
    await heading(staff).waitFor({ timeout: 15_000 });
    await staff.getByText("You can view these settings. Owners and managers can change them.").first().waitFor();
    for (const name of ["Save settings", "Restore version 1", "Restore version 2", "Restore version 3", "Retry now", "Add answer", "Add transfer rule"]) {
      expect(await staff.getByRole("button", { name, exact: true }).count(), name).toBe(0);
    }
    // Every field of the form is disabled, or shown as text.
    for (const name of ["Name", "Greeting", "Business description", "Monday opens", "Monday closes 2", "Message text"]) {
      const input = field(staff, name);
      if ((await input.count()) > 0) expect(await input.first().isDisabled(), name).toBe(true);
    }
    const history = region(staff, "History");
    await expect.poll(() => versionEntry(history, /^Version 4 · Olive Owner · /).textContent()).toContain("Restored from version 2");
    // What a caller hears is for everyone who can see the settings.
    await region(staff, "What a caller hears").getByRole("button", { name: "Show what a caller hears" }).click();
    await region(staff, "What a caller hears").getByTestId("caller-preview-result").waitFor({ timeout: 15_000 });
    await checkBothWidths(staff, "ai-settings-5-staff-read-only", () => heading(staff).waitFor());
  });

  it("6. an operator opens the settings from the admin console's orders and saves; the history says operator", async () => {
    const page = await suite.admin.newPage();
    await page.goto("/admin?tab=ai-ready-orders");
    await page.getByLabel("Search", { exact: true }).fill(owner.user.email);
    const row = page.getByTestId("order-row").filter({ hasText: owner.user.email });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole("link", { name: `Settings for ${EMPLOYEE}` }).click();
    await page.waitForURL((u) => u.pathname === `/admin/ai-employees/${owner.orderId}/settings`);
    await heading(page).waitFor({ timeout: 15_000 });
    // The account's tester numbers are the customer's own: not in the console.
    expect(await page.getByRole("textbox", { name: "Tester number" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Call it now" }).count()).toBe(1);
    await field(page, "Greeting").fill(`Thank you for calling, this is ${EMPLOYEE}. How can I help?`);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Settings saved (version 5)");
    await dismissToasts(page);
    const history = region(page, "History");
    await expect.poll(() => versionEntry(history, /^Version 5 · operator · /).count()).toBe(1);
    await checkBothWidths(page, "ai-settings-6-operator", () => heading(page).waitFor());
    await page.close();
  });
});

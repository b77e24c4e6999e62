import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { api, checkBothWidths, dismissToasts, emailTextFromOutbox, fillCard, signUp, toastText, uniqueUser, verifyEmailFromOutbox, type NewUser } from "./browser";
import { journeyBrowser } from "./suite";

/**
 * Issue 23's first journey, every step at 1280 px and 390 px with axe:
 * 1. a new owner signs up from a plan, leaves the card form, and finds no trial anywhere;
 * 2. comes back and starts the trial with a card;
 * 3. the admin prepares the AI employee, which joins that subscription;
 * 4. the owner upgrades after seeing the preview;
 * 5. then cancels, and resumes.
 * Screenshots: test-results/screenshots/trial-journey-*.png.
 */

const suite = journeyBrowser({ admin: true });
let context: BrowserContext;
let page: Page;
let owner: NewUser;
const SUBSCRIBE = "/subscribe?plan=small&billing=monthly";

type AdminSub = { id: string; status: string; user: { email: string }; plan?: { id?: string; name?: string } };

async function liveSubscriptionsOf(email: string): Promise<AdminSub[]> {
  const subs = await api<AdminSub[]>(suite.admin, "GET", `/api/admin/subscriptions?q=${encodeURIComponent(email)}`);
  return subs.filter((s) => s.user.email === email && s.status !== "cancelled");
}

beforeAll(async () => {
  owner = uniqueUser("trial-owner", "Dana", "Dentist");
  ({ context, page } = await suite.newPage());
});
afterAll(async () => {
  await context?.close();
});

describe("a new owner's trial starts with a card, gets its AI employee, changes plan, cancels and resumes", () => {
  it("1. signs up from a plan, leaves the card form, and finds no trial anywhere", async () => {
    await page.goto("/pricing");
    await page.getByRole("link", { name: "Start free trial of the Small plan" }).click();
    // Not signed in: the subscribe page sends the visitor to sign in, and back.
    await page.waitForURL((u) => u.pathname === "/login", { timeout: 15_000 });
    await signUp(page, owner, SUBSCRIBE);
    await verifyEmailFromOutbox(suite.admin, page, owner.email);
    await page.goto(SUBSCRIBE);
    await expect.poll(() => page.getByLabel("Card number").isVisible(), { timeout: 15_000 }).toBe(true);
    await checkBothWidths(page, "trial-journey-1-card-form", () => page.getByLabel("Card number").waitFor());

    // The owner leaves without a card.
    await page.goto("/dashboard");
    await checkBothWidths(page, "trial-journey-1-dashboard-no-trial", () => page.getByText("Get Started with Your AI Employee").waitFor());
    expect(await page.getByText("Free Trial Active").count()).toBe(0);
    await page.goto("/billing");
    await page.getByRole("tab", { name: "Subscription" }).click();
    await checkBothWidths(page, "trial-journey-1-billing-no-trial", () => page.getByText("No active subscription").waitFor());
    expect(await page.getByText("Free Trial Active").count()).toBe(0);
    // Nothing for the operator either: no subscription, no "Free trial started".
    expect(await liveSubscriptionsOf(owner.email)).toHaveLength(0);
    const notices = await api<{ title: string; message: string }[]>(suite.admin, "GET", `/api/admin/notifications?q=${encodeURIComponent(owner.email)}`);
    expect(notices.filter((n) => n.title === "Free trial started" && n.message.includes(owner.email))).toHaveLength(0);
  });

  it("2. comes back and starts the trial with a card", async () => {
    await page.goto(SUBSCRIBE);
    await expect.poll(() => page.getByLabel("Card number").isVisible(), { timeout: 15_000 }).toBe(true);
    await fillCard(page, "4242 4242 4242 4242", "Dana Dentist");
    await page.getByRole("button", { name: "Start 14-Day Free Trial" }).click();
    await page.waitForURL((u) => u.pathname === "/billing", { timeout: 30_000 });
    await page.getByRole("tab", { name: "Subscription" }).click();
    await checkBothWidths(page, "trial-journey-2-trial-started", () => page.getByText("Free Trial Active").waitFor());
    expect(await liveSubscriptionsOf(owner.email)).toHaveLength(1);
    const notices = await api<{ title: string; message: string }[]>(suite.admin, "GET", `/api/admin/notifications?q=${encodeURIComponent(owner.email)}`);
    expect(notices.filter((n) => n.title === "Free trial started" && n.message.includes(owner.email))).toHaveLength(1);
    const mail = await emailTextFromOutbox(suite.admin, owner.email, "free trial of the Small plan has started");
    expect(mail).toContain("Small");
  });

  it("3. the admin prepares the AI employee, which joins that subscription", async () => {
    await api(suite.admin, "POST", "/api/admin/ai-ready-orders", {
      aiEmployeeName: "Nova",
      customerEmail: owner.email,
      aiPhoneNumber: "+1 (555) 010-4242",
      webChatUrl: "https://chat.example.com/assistant",
    });
    await dismissToasts(page);
    await page.goto("/billing");
    const card = page.getByRole("article", { name: "AI employee Nova" });
    await checkBothWidths(page, "trial-journey-3-ai-employee-joined", () => card.getByText("Joined your existing Small subscription").waitFor({ timeout: 15_000 }));
    // No second trial is offered, and there is still one subscription.
    expect(await card.getByRole("button", { name: "Start Free Trial" }).count()).toBe(0);
    expect(await liveSubscriptionsOf(owner.email)).toHaveLength(1);
    const mail = await emailTextFromOutbox(suite.admin, owner.email, "has joined your subscription");
    expect(mail).toContain("Nova");
  });

  it("4. the owner upgrades after seeing the preview", async () => {
    // The trial ends (the sandbox clock moves 15 days): the first invoice is paid and the subscription is active.
    await api(suite.admin, "POST", "/api/admin/sandbox-clock", { days: 15 });
    await page.goto("/billing?tab=overview");
    const item = page.getByTestId("subscription-item").first();
    await expect.poll(() => page.getByTestId("subscription-status").first().textContent(), { timeout: 20_000 }).toBe("Active");
    await page.getByRole("button", { name: "Change plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Change plan" });
    await dialog.getByRole("radio", { name: "Medium" }).check();
    const preview = dialog.getByRole("region", { name: "Preview" });
    await expect.poll(() => preview.textContent(), { timeout: 15_000 }).toContain("Due today");
    const text = (await preview.textContent()) ?? "";
    // An upgrade mid-period: a prorated amount today, the new plan's units, effective now.
    const dueToday = Number(/Due today\$([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, ""));
    expect(dueToday).toBeGreaterThan(0);
    // At most the price difference for a whole period (Medium $420, Small $149 a month).
    expect(dueToday).toBeLessThanOrEqual(420 - 149);
    expect(text).toContain("Takes effectNow");
    expect(text).toMatch(/Included units[\d,]+ units \/ month/);
    await checkBothWidths(page, "trial-journey-4-upgrade-preview", () => preview.getByText("Due today").waitFor());
    await dialog.getByRole("button", { name: "Confirm change" }).click();
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Plan changed");
    await dismissToasts(page);
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain("Medium");
    await checkBothWidths(page, "trial-journey-4-upgraded", () => item.getByText("Medium").first().waitFor());
    const subs = await liveSubscriptionsOf(owner.email);
    expect(subs).toHaveLength(1);
    const mail = await emailTextFromOutbox(suite.admin, owner.email, "plan is now Medium");
    expect(mail).toContain("Medium");
  });

  it("5. then cancels, and resumes", async () => {
    await page.goto("/billing?tab=overview");
    const item = page.getByTestId("subscription-item").first();
    await item.getByRole("button", { name: "Cancel Subscription" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Cancel your Medium plan?" });
    await confirm.waitFor();
    // The confirmation says when it ends and what stops then.
    expect(await confirm.textContent()).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
    await confirm.getByLabel("Reason (optional)").fill("Trying another provider for a month");
    await checkBothWidths(page, "trial-journey-5-cancel-confirmation", () => confirm.getByLabel("Reason (optional)").waitFor());
    await confirm.getByRole("button", { name: "Cancel subscription" }).click();
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Subscription Cancelled");
    await dismissToasts(page);
    const banner = item.getByTestId("cancelling-banner");
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await banner.textContent()).toContain("Ends on");
    expect(await page.getByText("Renews on").count()).toBe(0);
    await checkBothWidths(page, "trial-journey-5-cancelling", () => banner.waitFor());
    // The dashboard says the same.
    await page.goto("/dashboard");
    await expect.poll(() => page.getByText(/Ends on/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByText("Renews on").count()).toBe(0);
    await checkBothWidths(page, "trial-journey-5-dashboard-cancelling", () =>
      page
        .getByText(/Ends on/)
        .first()
        .waitFor(),
    );
    expect(await emailTextFromOutbox(suite.admin, owner.email, "subscription ends on")).toMatch(/[Rr]esume/);

    await page.goto("/billing?tab=overview");
    await item.getByRole("button", { name: "Resume subscription" }).click();
    await expect.poll(() => toastText(page), { timeout: 15_000 }).toContain("Subscription Resumed");
    await dismissToasts(page);
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(0);
    expect(await item.getByRole("button", { name: "Cancel Subscription" }).isVisible()).toBe(true);
    await checkBothWidths(page, "trial-journey-5-resumed", () => item.getByRole("button", { name: "Cancel Subscription" }).waitFor());
  });
});

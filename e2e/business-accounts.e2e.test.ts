import { afterAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { checkBothWidths, dismissToasts, emailTextFromOutbox, startTrialFromBilling, submitSignInAfterSignUp, submitSignUpForm, uniqueUser, type CustomerWithEmployee } from "./browser";
import { journeyBrowser } from "./suite";

/**
 * Issue 22 in the browser: the owner of a business account invites the front
 * desk as staff; the invitation e-mail is in the outbox; the invitee creates
 * a login from the invitation, accepts, and sees the dashboard and calls but
 * no billing or settings (pages and APIs refuse); the owner makes them a
 * manager; the owner removes them, and their next click lands on "No
 * access". Every step at 1280 px and 390 px with axe.
 */

const baseUrl = inject("baseUrl");
const suite = journeyBrowser({ admin: true });
let owner: CustomerWithEmployee;
const frontDesk = uniqueUser("front-desk", "Frankie", "Front");
let memberContext: BrowserContext;
let member: Page;
let invitationPath = "";
const accountName = () => `${owner.user.firstName} ${owner.user.lastName}`;
const memberName = () => `${frontDesk.firstName} ${frontDesk.lastName}`;

afterAll(async () => {
  await memberContext?.close();
  await owner?.context.close();
});

async function status(page: Page, path: string): Promise<number> {
  return page.evaluate(async (p) => (await fetch(p, { headers: { accept: "application/json" } })).status, path);
}

describe("a team shares one business account", () => {
  it("0. a new customer owns a business account with a live subscription", async () => {
    owner = await suite.newCustomerWithEmployee({ employee: "Iris", prefix: "team-owner", firstName: "Olive", lastName: "Owner" });
    await startTrialFromBilling(owner.page, "Iris", "Olive Owner");
  });

  it("1. the owner invites the front desk as staff from /account", async () => {
    const page = owner.page;
    await page.goto("/account");
    await page.getByRole("heading", { level: 2, name: "Members" }).waitFor();
    await page.getByLabel("E-mail address").fill(frontDesk.email);
    await page.getByLabel("Role", { exact: true }).selectOption("staff");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect.poll(() => page.getByText(`Invitation sent to ${frontDesk.email}`).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(frontDesk.email).count()).toBeGreaterThan(1);
    await checkBothWidths(page, "accounts-1-invited", () => page.getByRole("heading", { level: 2, name: "Members" }).waitFor());
  });

  it("2. the invitation e-mail arrives in the outbox with a single-use link", async () => {
    const text = await emailTextFromOutbox(suite.admin, frontDesk.email, `You are invited to join ${accountName()}`, (page) =>
      checkBothWidths(page, "accounts-2-invitation-email", () => page.getByTestId("email-text").waitFor()),
    );
    expect(text).toContain(`invited you to join ${accountName()} as Staff`);
    invitationPath = /\/invitations\/[^\s)]+/.exec(text)?.[0] ?? "";
    expect(invitationPath).toMatch(/^\/invitations\/.+/);
  });

  it("3. the invitee creates a login from the invitation, accepts, and sees calls but no billing or settings", async () => {
    ({ context: memberContext, page: member } = await suite.newPage());
    await member.goto(invitationPath);
    await member.getByRole("heading", { level: 1, name: `Join ${accountName()}` }).waitFor();
    await checkBothWidths(member, "accounts-3-invitation-signed-out", () => member.getByRole("link", { name: "Create a login" }).waitFor());
    await member.getByRole("link", { name: "Create a login" }).click();
    await member.waitForURL((u) => u.pathname === "/login");
    expect(await member.getByRole("tab", { name: "Create account" }).getAttribute("aria-selected")).toBe("true");
    await submitSignUpForm(member, frontDesk);
    await submitSignInAfterSignUp(member, frontDesk.password);
    await member.waitForURL((u) => u.pathname === invitationPath);
    await checkBothWidths(member, "accounts-3-invitation-accept", () => member.getByRole("button", { name: "Accept" }).waitFor());
    await member.getByRole("button", { name: "Accept" }).click();
    await member.waitForURL((u) => u.pathname === "/dashboard", { timeout: 15_000 });
    await checkBothWidths(member, "accounts-3-staff-dashboard", () => member.getByRole("heading", { level: 1, name: /Welcome( back)?, Frankie/ }).waitFor());
    // The dashboard offers no billing and no reports to staff.
    expect(await member.getByRole("link", { name: "Manage Billing" }).count()).toBe(0);
    expect(await member.getByText("Download Reports").count()).toBe(0);

    await member.goto("/calls");
    await checkBothWidths(member, "accounts-3-staff-calls", () => member.getByRole("heading", { level: 1, name: "Calls & Messages" }).waitFor());
    expect(await member.getByRole("link", { name: "Download CSV" }).count()).toBe(0);

    await member.goto("/billing");
    await checkBothWidths(member, "accounts-3-staff-billing-refused", () => member.getByTestId("no-access").waitFor());
    expect(await member.getByTestId("no-access").textContent()).toContain("(billing.read)");
    // The APIs refuse too: the page hiding a button is not the security.
    expect(await status(member, "/api/user-subscriptions")).toBe(403);
    expect(await status(member, "/api/billing-history")).toBe(403);
    expect(await status(member, "/api/interactions/export.csv")).toBe(403);
    expect(await status(member, "/api/account/audit-log.csv")).toBe(403);
    expect(await status(member, "/api/interactions")).toBe(200);

    // Settings: the account page shows the team, but no invite form and no business details to edit.
    await member.goto("/account");
    await member.getByRole("heading", { level: 2, name: "Members" }).waitFor();
    expect(await member.getByRole("button", { name: "Send invitation" }).count()).toBe(0);
    expect(await member.getByRole("heading", { name: "Audit log" }).count()).toBe(0);
    await checkBothWidths(member, "accounts-3-staff-account", () => member.getByRole("heading", { level: 2, name: "Members" }).waitFor());
  });

  it("4. the owner makes the member a manager; the member can now invite", async () => {
    const page = owner.page;
    await page.goto("/account");
    const role = page.getByLabel(`Role of ${memberName()}`);
    await role.waitFor();
    await role.selectOption("manager");
    await page.getByTestId("member-row").filter({ hasText: frontDesk.email }).getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText(`${memberName()} is now Manager.`).isVisible(), { timeout: 15_000 }).toBe(true);
    await dismissToasts(page);
    await checkBothWidths(page, "accounts-4-manager", () => page.getByRole("heading", { level: 2, name: "Audit log" }).waitFor());
    // The audit log names who did what.
    const log = page.locator("#audit-log");
    expect(await log.getByText(`${frontDesk.email} to Manager`).count()).toBeGreaterThan(0);

    await member.goto("/account");
    await member.getByRole("button", { name: "Send invitation" }).waitFor();
    expect(await status(member, "/api/interactions/export.csv")).toBe(200);
    expect(await status(member, "/api/user-subscriptions")).toBe(403);
  });

  it("5. the owner removes the member; their next click lands on No access", async () => {
    const page = owner.page;
    await page.goto("/account");
    await page.getByRole("button", { name: `Remove ${memberName()}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
    await expect.poll(() => page.getByText(`${memberName()} was removed from the account.`).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId("member-row").filter({ hasText: frontDesk.email }).count()).toBe(0);
    await checkBothWidths(page, "accounts-5-removed", () => page.getByRole("heading", { level: 2, name: "Members" }).waitFor());

    // The member's page is still open; the next navigation finds no access.
    await member.getByTestId("avatar-button").click();
    await member.getByRole("menuitem", { name: "Calls & Messages" }).click();
    await member.waitForURL((u) => u.pathname === "/calls");
    await member.getByTestId("no-access").waitFor();
    expect(await member.getByTestId("no-access").textContent()).toContain("You do not have access to this business account.");
    expect(await status(member, "/api/interactions")).toBe(403);
    await checkBothWidths(member, "accounts-5-no-access", () => member.getByTestId("no-access").waitFor());
  });

  it("6. account care: the owner's profile (name, password, e-mail, sessions, delete) and the account's delete section", async () => {
    const page = owner.page;
    await page.goto("/profile");
    await checkBothWidths(page, "accounts-6-profile", () => page.getByRole("heading", { level: 1, name: "Profile" }).waitFor());
    expect(await page.getByText("This device").count()).toBeGreaterThan(0);
    await page.goto("/account");
    await checkBothWidths(page, "accounts-6-account-delete-section", () => page.getByRole("heading", { level: 2, name: "Delete business account" }).waitFor());
  });

  it("7. the operator's read-only account page lists the members and roles", async () => {
    const me = (await (await owner.page.request.get(`${baseUrl}/api/auth/user`)).json()) as { account: { id: string } };
    const page = await suite.admin.newPage();
    await page.goto(`/admin/accounts/${me.account.id}`);
    await checkBothWidths(page, "accounts-7-admin-account", () => page.getByRole("heading", { level: 2, name: "Members" }).waitFor());
    expect(await page.getByText(owner.user.email).count()).toBeGreaterThan(0);
    await page.close();
  });
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { currentAccount } from "@/features/accounts/current-account.server";
import { AccountPage } from "@/features/accounts/components/account-page";
import { loadAccountScreen } from "@app/(portal)/account/data.server";
import { getCurrentUser } from "@/features/auth/current-user.server";
import type { TestUser } from "../http-helpers";
import { addMember, createOwner, invite, newAddress, type Owner } from "./account-helpers";
import { markupText } from "../markup-text";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined, push: () => undefined }) }));
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

const text = markupText;

/** The text of the pending invitations list. */
const pendingSection = (page: string) => page.slice(page.indexOf("Pending invitations"), page.indexOf("Business details"));

/** /account as `who` sees it: the data the page loads (better-auth's get-full-organization, the audit log), rendered without the delete section. */
async function pageAs(who: TestUser): Promise<string> {
  request.headers = new Headers({ cookie: who.cookie });
  const user = (await getCurrentUser(request.headers))!;
  const account = (await currentAccount(user))!;
  return renderToStaticMarkup(createElement(AccountPage, (await loadAccountScreen({ user, account }, {}))!));
}

/** Issue 22: /account shows each role what it may do, and hides the rest. */
describe("the /account page", () => {
  let owner: Owner;
  let manager: TestUser;
  let staff: TestUser;
  let pendingEmail: string;
  let ownerInviteEmail: string;
  beforeAll(async () => {
    owner = await createOwner();
    manager = await addMember(owner, "manager");
    staff = await addMember(owner, "staff");
    pendingEmail = newAddress("pending");
    await invite(owner, owner.accountId, pendingEmail, "billing");
    ownerInviteEmail = newAddress("future-owner");
    await invite(owner, owner.accountId, ownerInviteEmail, "owner");
  });

  it("the owner: members, invite form, pending invitations, transfer ownership, business details form, audit log", async () => {
    const html = await pageAs(owner);
    const page = text(html);
    for (const who of [owner.email, manager.email, staff.email]) expect(page).toContain(who);
    expect(page).toContain("Invite a member");
    expect(pendingSection(page)).toContain(pendingEmail);
    expect(pendingSection(page)).toContain(ownerInviteEmail);
    expect(html.match(/aria-label="Transfer ownership to /g)).toHaveLength(2);
    expect(html.match(/aria-label="Remove /g)).toHaveLength(2);
    expect(html).toContain('id="business-name"');
    expect(page).toContain("Audit log");
    expect(page).toContain("Invited a member");
    expect(html).toContain('href="/api/account/audit-log.csv"');
    // The only owner can neither leave nor step down, and is told why.
    expect(page).toContain("You are the account's only owner");
    expect(page).not.toContain("Leave account");
    // Every role can be given, the owner role included.
    expect(html).toContain('<option value="owner">Owner</option>');
  });

  it("a manager: manages members but not the owner, never gives the owner role, sees no owner invitation", async () => {
    const html = await pageAs(manager);
    const page = text(html);
    expect(page).toContain("Invite a member");
    // The plugin hides owner invitations from non-owners (the audit log still says one was sent).
    const pending = pendingSection(page);
    expect(pending).toContain(pendingEmail);
    expect(pending).not.toContain(ownerInviteEmail);
    expect(page).not.toContain("Transfer ownership");
    expect(html).not.toContain('value="owner"');
    // Remove on the staff row only: not on the owner's, not on their own.
    expect(html.match(/aria-label="Remove /g)).toHaveLength(1);
    // Role pickers on their own row and the staff row; the owner's role is only named.
    expect(html.match(/id="role-/g)).toHaveLength(2);
    expect(page).toContain("Leave account");
    expect(page).toContain("Audit log");
  });

  it("staff: the members list only, business details read-only, no invitations, no audit log", async () => {
    const html = await pageAs(staff);
    const page = text(html);
    for (const who of [owner.email, manager.email, staff.email]) expect(page).toContain(who);
    expect(page).not.toContain("Invite a member");
    expect(page).not.toContain(pendingEmail);
    expect(page).not.toContain("Remove");
    expect(page).not.toContain("Audit log");
    expect(html).not.toContain("<select");
    expect(html).not.toContain('id="business-name"');
    expect(page).toContain("Your role lets you see these, not change them.");
    expect(page).toContain("Leave account");
  });

  it("links to /account/notifications for members who read calls, not for a billing member (issue 25)", async () => {
    const link = 'href="/account/notifications"';
    expect(await pageAs(owner)).toContain(link);
    expect(await pageAs(staff)).toContain(link);
    expect(await pageAs(await addMember(owner, "billing"))).not.toContain(link);
  });

  it("another account's owner sees only their own account", async () => {
    const other = await createOwner();
    const page = text(await pageAs(other));
    expect(page).toContain(other.email);
    for (const who of [owner.email, manager.email, staff.email, pendingEmail]) expect(page).not.toContain(who);
  });
});

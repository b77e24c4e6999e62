import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { invitation, organization } from "@/db/schema";
import { invitationPageState, maskEmail, type InvitationPageState } from "@/features/accounts/invitation-page.server";
import { InvitationView, invitationLinks } from "@/features/accounts/components/invitation-view";
import { createUser } from "../http-helpers";
import { createOwner, invite, newAddress, org, type Owner } from "./account-helpers";
import { markupText } from "../markup-text";

const html = (state: InvitationPageState) => renderToStaticMarkup(createElement(InvitationView, { state }));

/** The text a visitor reads: the markup without its tags. */
const text = (state: InvitationPageState) => markupText(html(state));

async function setInvitation(id: string, values: Partial<typeof invitation.$inferInsert>) {
  const db = await getDb();
  const updated = await db.update(invitation).set(values).where(eq(invitation.id, id)).returning({ id: invitation.id });
  expect(updated).toHaveLength(1);
}

/** Issue 22: /invitations/[id] answers every state with a clear page, never a 500. */
describe("the invitation page", () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await createOwner();
    const db = await getDb();
    const renamed = await db.update(organization).set({ name: "Bright Smiles Dental" }).where(eq(organization.id, owner.accountId)).returning({ id: organization.id });
    expect(renamed).toHaveLength(1);
  });

  it("an unknown id, or one that cannot be an id, says the invitation does not exist", async () => {
    for (const id of ["doesnotexist0000000000000000000", "../../etc/passwd", "a\u0000b", "x".repeat(500), ""]) {
      const state = await invitationPageState(id, null);
      expect(state.kind).toBe("not-found");
      expect(text(state)).toContain("This invitation does not exist.");
    }
  });

  it("signed out: names the account, the role and who invited, with Sign in and Create a login coming back here", async () => {
    const email = newAddress("newcomer");
    const id = await invite(owner, owner.accountId, email, "staff");
    const state = await invitationPageState(id, null);
    expect(state.kind).toBe("sign-in");
    const page = text(state);
    expect(page).toContain("Join Bright Smiles Dental");
    expect(page).toContain("Test User invited you to join Bright Smiles Dental as Staff (calls, the dashboard, reporting spam, and viewing the settings of the AI employee).");
    expect(page).toContain(maskEmail(email));
    expect(page).not.toContain(email);
    const links = invitationLinks(id);
    expect(links.signIn).toBe(`/api/login?returnTo=%2Finvitations%2F${id}`);
    expect(links.createLogin).toBe(`/login?returnTo=%2Finvitations%2F${id}&mode=sign-up`);
    expect(html(state)).toContain(`href="${links.signIn.replaceAll("&", "&amp;")}"`);
    expect(html(state)).toContain(`href="${links.createLogin.replaceAll("&", "&amp;")}"`);
    expect(page).toContain("Sign in Create a login");
  });

  it("signed in with another address: says whom it is for and who is signed in, with a sign-out link", async () => {
    const email = newAddress("intended");
    const id = await invite(owner, owner.accountId, email, "manager");
    const someoneElse = await createUser();
    const state = await invitationPageState(id, { id: someoneElse.id, email: someoneElse.email });
    expect(state.kind).toBe("wrong-user");
    expect(text(state)).toContain(`This invitation is for ${maskEmail(email)}. You are signed in as ${someoneElse.email}.`);
    expect(html(state)).toContain('href="/api/logout"');
  });

  it("signed in with the right address: Accept and Decline", async () => {
    const email = newAddress("right");
    const id = await invite(owner, owner.accountId, email, "billing");
    const invitee = await createUser({ email: email.toUpperCase() });
    const state = await invitationPageState(id, { id: invitee.id, email: invitee.email });
    expect(state.kind).toBe("ready");
    const page = text(state);
    expect(page).toContain("Test User invited you to join Bright Smiles Dental as Billing (billing and invoices only).");
    expect(page).toContain("Accept");
    expect(page).toContain("Decline");
  });

  /** A staff invitation to a new address named after `name`, accepted or declined by the person it went to; its id and the page state they then see. */
  async function answeredByInvitee(action: "accept-invitation" | "reject-invitation", name: string) {
    const email = newAddress(name);
    const id = await invite(owner, owner.accountId, email, "staff");
    const invitee = await createUser({ email });
    expect((await org(action, { invitationId: id }, invitee)).status).toBe(200);
    return { id, state: await invitationPageState(id, { id: invitee.id, email: invitee.email }) };
  }

  it("used, expired, cancelled and declined invitations each say so", async () => {
    const { id: used, state: usedState } = await answeredByInvitee("accept-invitation", "used");
    expect(usedState.kind).toBe("used");
    expect(text(usedState)).toContain("This invitation was already used.");
    expect(html(usedState)).toContain('href="/dashboard"');
    // Signed out, or as someone else, it is still "used" (the link works once).
    expect((await invitationPageState(used, null)).kind).toBe("used");

    const expired = await invite(owner, owner.accountId, newAddress("late"), "staff");
    await setInvitation(expired, { expiresAt: new Date(Date.now() - 60_000) });
    const expiredState = await invitationPageState(expired, null);
    expect(expiredState.kind).toBe("expired");
    expect(text(expiredState)).toContain("This invitation has expired.");
    expect(text(expiredState)).toContain("to send you a new one");

    const cancelled = await invite(owner, owner.accountId, newAddress("withdrawn"), "staff");
    expect((await org("cancel-invitation", { invitationId: cancelled }, owner)).status).toBe(200);
    const cancelledState = await invitationPageState(cancelled, null);
    expect(cancelledState.kind).toBe("cancelled");
    expect(text(cancelledState)).toContain("This invitation was cancelled.");

    const { state: declinedState } = await answeredByInvitee("reject-invitation", "no-thanks");
    expect(declinedState.kind).toBe("declined");
    expect(text(declinedState)).toContain("This invitation was declined.");
  });

  it("an invitee who already belongs to the account is told so instead of a failing Accept", async () => {
    const email = newAddress("twice-invited");
    const first = await invite(owner, owner.accountId, email, "staff");
    const person = await createUser({ email });
    expect((await org("accept-invitation", { invitationId: first }, person)).status).toBe(200);
    // The plugin refuses to invite a member, but an invitation sent before they joined by another one stays pending.
    const db = await getDb();
    const againId = `again${person.id.slice(0, 12)}`;
    await db.insert(invitation).values({ id: againId, organizationId: owner.accountId, email, role: "manager", status: "pending", expiresAt: new Date(Date.now() + 86_400_000), inviterId: owner.id });
    const state = await invitationPageState(againId, { id: person.id, email: person.email });
    expect(state.kind).toBe("already-member");
    expect(text(state)).toContain("You are already a member of Bright Smiles Dental");
  });

  it("a deleted account's invitation says the account no longer exists", async () => {
    const gone = await createOwner();
    const id = await invite(gone, gone.accountId, newAddress("orphan"), "staff");
    const db = await getDb();
    const deleted = await db.update(organization).set({ deletedAt: new Date() }).where(eq(organization.id, gone.accountId)).returning({ id: organization.id });
    expect(deleted).toHaveLength(1);
    const state = await invitationPageState(id, null);
    expect(state.kind).toBe("gone");
    expect(text(state)).toContain("This business account no longer exists.");
  });
});

import { describe, expect, it } from "vitest";
import { NO_ACCOUNT_MESSAGE } from "@/features/accounts/no-access";
import { getAuth } from "@/features/auth/auth.server";
import { GET as listInteractions } from "@app/api/interactions/route";
import { call } from "../http-helpers";
import { accountOfCookie, addMember, createOwner, membership, org, orgChangingRows } from "./account-helpers";

const interactionsAs = (cookie: string) => call(listInteractions, { path: "/api/interactions", cookie });

/** Issue 22: a removed member's next request is refused at once; no cached session keeps access. */
describe("removing a member takes effect at once", () => {
  it("the removed member's very next call is 403 'no access', and currentAccount is null", async () => {
    const owner = await createOwner();
    const staff = await addMember(owner, "staff");
    const before = await interactionsAs(staff.cookie);
    expect(before.status).toBe(200);
    expect(await accountOfCookie(staff.cookie)).toMatchObject({ id: owner.accountId, role: "staff" });

    const { answer: removed, changed } = await orgChangingRows("remove-member", { memberIdOrEmail: staff.memberId, organizationId: owner.accountId }, owner);
    expect(removed.status).toBe(200);
    // The membership row is gone (one row), and the log says so (one row); the session is untouched.
    expect(changed).toEqual({ member: 1, audit_events: 1 });
    expect(await membership(owner.accountId, staff.id)).toBeUndefined();

    const after = await interactionsAs(staff.cookie);
    expect(after.status).toBe(403);
    expect(((await after.json()) as { message: string }).message).toBe(NO_ACCOUNT_MESSAGE);
    expect(await accountOfCookie(staff.cookie)).toBeNull();

    // better-auth's own endpoints refuse them too.
    const auth = await getAuth();
    const full = (await auth.api.getFullOrganization({ headers: new Headers({ cookie: staff.cookie }), query: { organizationId: owner.accountId }, asResponse: true })) as Response;
    expect(full.status).toBe(403);
    const reinvite = await org("invite-member", { email: "someone@example.com", role: "staff", organizationId: owner.accountId }, staff);
    expect(reinvite.status).toBe(400);
  });

  it("removed from one of two accounts: the session's account answers 'no access' until the member switches to the other", async () => {
    const first = await createOwner();
    const second = await createOwner();
    const agent = await addMember(first, "manager");
    // The same login joins a second account.
    const inviteId = String((await org("invite-member", { email: agent.email, role: "staff", organizationId: second.accountId }, second)).body.id);
    expect((await org("accept-invitation", { invitationId: inviteId }, agent)).status).toBe(200);
    // accept-invitation made the second account the session's one; go back to the first.
    expect((await org("set-active", { organizationId: first.accountId }, agent)).status).toBe(200);
    expect(await accountOfCookie(agent.cookie)).toMatchObject({ id: first.accountId });

    expect((await org("remove-member", { memberIdOrEmail: agent.memberId, organizationId: first.accountId }, first)).status).toBe(200);
    const res = await interactionsAs(agent.cookie);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(NO_ACCOUNT_MESSAGE);
    // Switching to the account they still belong to works.
    expect((await org("set-active", { organizationId: second.accountId }, agent)).status).toBe(200);
    expect((await interactionsAs(agent.cookie)).status).toBe(200);
  });
});

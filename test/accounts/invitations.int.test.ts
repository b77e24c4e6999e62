import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { invitation, member } from "@/db/schema";
import { accountsOf } from "@/features/accounts/current-account.server";
import { resendWaitMessage, RESEND_GAP_SECONDS } from "@/features/accounts/invitation-rules";
import { createUser } from "../http-helpers";
import { accountOfCookie, addMember, createOwner, invitationRow, invite, membership, newAddress, org, orgChangingRows, rowsChangedBy, type Owner } from "./account-helpers";
import { mailsTo } from "../outbox";

const emailsTo = (to: string) => mailsTo(to, "account-invitation");

describe("invitations (issue 22)", () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await createOwner();
  });

  it("queues the e-mail through the e-mail jobs, with the /invitations/<id> link, valid for 7 days", async () => {
    const email = newAddress("front-desk");
    const before = Date.now();
    const id = await invite(owner, owner.accountId, email, "staff");
    const row = await invitationRow(id);
    expect(row).toMatchObject({ organizationId: owner.accountId, email, role: "staff", status: "pending", inviterId: owner.id });
    const days = (row!.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(row!.lastSentAt).not.toBeNull();
    const mails = await emailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/invitations/${id}`);
    expect(mails[0]!.html).toContain(`/invitations/${id}`);
    expect(mails[0]!.subject).toContain("You are invited to join");
  });

  it("an invitee signs up without an account of their own, accepts, and works in the inviting account", async () => {
    const email = newAddress("joiner");
    const id = await invite(owner, owner.accountId, email, "staff");
    const invitee = await createUser({ email });
    expect(await accountsOf(invitee.id)).toEqual([]);
    expect(await accountOfCookie(invitee.cookie)).toBeNull();

    const r = await org("accept-invitation", { invitationId: id }, invitee);
    expect(r.status).toBe(200);
    expect((await invitationRow(id))!.status).toBe("accepted");
    expect(await membership(owner.accountId, invitee.id)).toMatchObject({ role: "staff" });
    expect(await accountOfCookie(invitee.cookie)).toMatchObject({ id: owner.accountId, role: "staff" });
    const active = await org("set-active", { organizationId: owner.accountId }, invitee);
    expect(active.status).toBe(200);
  });

  it("an invitation for another address is refused, and nothing changes", async () => {
    const id = await invite(owner, owner.accountId, newAddress("intended"), "manager");
    const stranger = await createUser();
    const changed = await rowsChangedBy(async () => {
      for (const path of ["accept-invitation", "reject-invitation"]) {
        const r = await org(path, { invitationId: id }, stranger);
        expect(r.status).toBe(403);
        expect(r.body.code).toBe("YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION");
      }
    });
    expect(changed).toEqual({});
    expect((await invitationRow(id))!.status).toBe("pending");
    expect(await membership(owner.accountId, stranger.id)).toBeUndefined();
  });

  it("an expired invitation cannot be accepted", async () => {
    const email = newAddress("late");
    const id = await invite(owner, owner.accountId, email, "staff");
    const invitee = await createUser({ email });
    const db = await getDb();
    const updated = await db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id))
      .returning({ id: invitation.id });
    expect(updated).toHaveLength(1);
    const r = await org("accept-invitation", { invitationId: id }, invitee);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVITATION_NOT_FOUND");
    expect(await membership(owner.accountId, invitee.id)).toBeUndefined();
    expect((await invitationRow(id))!.status).toBe("pending");
  });

  it("an invitation works once: the second accept is refused and adds no second membership", async () => {
    const email = newAddress("twice");
    const id = await invite(owner, owner.accountId, email, "billing");
    const invitee = await createUser({ email });
    expect((await org("accept-invitation", { invitationId: id }, invitee)).status).toBe(200);
    const again = await org("accept-invitation", { invitationId: id }, invitee);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVITATION_NOT_FOUND");
    const db = await getDb();
    const rows = await db
      .select()
      .from(member)
      .where(and(eq(member.organizationId, owner.accountId), eq(member.userId, invitee.id)));
    expect(rows).toHaveLength(1);
  });

  it("a cancelled invitation cannot be accepted", async () => {
    const email = newAddress("withdrawn");
    const id = await invite(owner, owner.accountId, email, "staff");
    const { answer: cancelled, changed } = await orgChangingRows("cancel-invitation", { invitationId: id }, owner);
    expect(cancelled.status).toBe(200);
    expect(changed).toEqual({ invitation: 1, audit_events: 1 });
    expect((await invitationRow(id))!.status).toBe("canceled");
    const invitee = await createUser({ email });
    const r = await org("accept-invitation", { invitationId: id }, invitee);
    expect(r.status).toBe(400);
    expect(await membership(owner.accountId, invitee.id)).toBeUndefined();
  });

  it("only members with members.manage invite, and only owners invite as owner", async () => {
    const manager = await addMember(owner, "manager");
    const staff = await addMember(owner, "staff");
    const db = await getDb();
    const count = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(invitation)
          .where(eq(invitation.organizationId, owner.accountId))
      )[0]!.n;
    const before = await count();

    const asOwner = await org("invite-member", { email: newAddress("co-owner"), role: "owner", organizationId: owner.accountId }, manager);
    expect(asOwner.status).toBe(403);
    expect(asOwner.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE");
    const byStaff = await org("invite-member", { email: newAddress("friend"), role: "staff", organizationId: owner.accountId }, staff);
    expect(byStaff.status).toBe(403);
    expect(await count()).toBe(before);

    await invite(manager, owner.accountId, newAddress("by-manager"), "staff");
    await invite(owner, owner.accountId, newAddress("real-co-owner"), "owner");
    expect(await count()).toBe(before + 2);
  });

  it("resend is throttled to once a minute (429 saying how long to wait), then allowed", async () => {
    const email = newAddress("resend");
    const id = await invite(owner, owner.accountId, email, "staff");
    const resend = () => org("invite-member", { email, role: "staff", organizationId: owner.accountId, resend: true }, owner);

    const early = await resend();
    expect(early.status).toBe(429);
    expect(early.body.code).toBe("INVITATION_RESEND_THROTTLED");
    expect(String(early.body.message)).toMatch(/^This invitation was sent a moment ago\. You can resend it in \d+ seconds\.$/);
    const wait = Number(early.res.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RESEND_GAP_SECONDS);
    expect(early.body.message).toBe(resendWaitMessage(wait));
    expect(await emailsTo(email)).toHaveLength(1);

    // The minute has passed.
    const db = await getDb();
    const backdated = await db
      .update(invitation)
      .set({ lastSentAt: new Date(Date.now() - (RESEND_GAP_SECONDS + 1) * 1000), expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(invitation.id, id))
      .returning({ id: invitation.id });
    expect(backdated).toHaveLength(1);

    const later = await resend();
    expect(later.status).toBe(200);
    expect(later.body.id).toBe(id);
    const mails = await emailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.text.includes(`/invitations/${id}`))).toBe(true);
    const row = await invitationRow(id);
    // The link works for 7 days again, and the throttle starts again.
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.99 * 86_400_000);
    expect(row!.lastSentAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect((await resend()).status).toBe(429);
  });
});

import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { member } from "@/db/schema";
import { addMember, createOwner, membership, org, orgChangingRows, rowsChangedBy } from "./account-helpers";

async function ownerCount(accountId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(member)
    .where(and(eq(member.organizationId, accountId), eq(member.role, "owner")));
  return row!.n;
}

/** Issue 22: there is always at least one owner; ownership can be transferred. */
describe("last-owner protection", () => {
  it("the only owner cannot be removed, demote themselves or leave", async () => {
    const owner = await createOwner();
    const mine = (await membership(owner.accountId, owner.id))!;

    const removed = await org("remove-member", { memberIdOrEmail: mine.id, organizationId: owner.accountId }, owner);
    expect(removed.status).toBe(400);
    expect(removed.body.code).toBe("YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");

    const demoted = await org("update-member-role", { memberId: mine.id, role: "manager", organizationId: owner.accountId }, owner);
    expect(demoted.status).toBe(400);
    expect(demoted.body.code).toBe("YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER");

    const left = await org("leave", { organizationId: owner.accountId }, owner);
    expect(left.status).toBe(400);
    expect(left.body.code).toBe("YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");

    expect(await membership(owner.accountId, owner.id)).toMatchObject({ id: mine.id, role: "owner" });
    expect(await ownerCount(owner.accountId)).toBe(1);
    // Refused, so nothing changed at all.
    expect(await rowsChangedBy(() => org("leave", { organizationId: owner.accountId }, owner))).toEqual({});
  });

  it("a manager can neither remove nor demote the owner", async () => {
    const owner = await createOwner();
    const manager = await addMember(owner, "manager");
    const ownerRow = (await membership(owner.accountId, owner.id))!;

    const removed = await org("remove-member", { memberIdOrEmail: ownerRow.id, organizationId: owner.accountId }, manager);
    expect(removed.status).toBe(400);
    const demoted = await org("update-member-role", { memberId: ownerRow.id, role: "staff", organizationId: owner.accountId }, manager);
    expect(demoted.status).toBe(403);
    expect(demoted.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    const promoted = await org("update-member-role", { memberId: manager.memberId, role: "owner", organizationId: owner.accountId }, manager);
    expect(promoted.status).toBe(403);
    expect(await membership(owner.accountId, owner.id)).toMatchObject({ role: "owner" });
    expect(await membership(owner.accountId, manager.id)).toMatchObject({ role: "manager" });
  });

  it("after transferring ownership the former owner can step down, and the new owner is then the one protected", async () => {
    const owner = await createOwner();
    const successor = await addMember(owner, "manager");
    const ownerRow = (await membership(owner.accountId, owner.id))!;

    // Transfer: make the successor an owner (one row changes), then step down to manager.
    const { answer: made, changed } = await orgChangingRows("update-member-role", { memberId: successor.memberId, role: "owner", organizationId: owner.accountId }, owner);
    expect(made.status).toBe(200);
    // One membership changed, and the audit log has one entry more.
    expect(changed).toEqual({ member: 1, audit_events: 1 });
    expect(await ownerCount(owner.accountId)).toBe(2);
    const stepped = await org("update-member-role", { memberId: ownerRow.id, role: "manager", organizationId: owner.accountId }, owner);
    expect(stepped.status).toBe(200);
    expect(await membership(owner.accountId, owner.id)).toMatchObject({ role: "manager" });
    expect(await membership(owner.accountId, successor.id)).toMatchObject({ role: "owner" });
    expect(await ownerCount(owner.accountId)).toBe(1);

    // The new owner is now the last one.
    const demoted = await org("update-member-role", { memberId: successor.memberId, role: "manager", organizationId: owner.accountId }, successor);
    expect(demoted.status).toBe(400);
    const left = await org("leave", { organizationId: owner.accountId }, successor);
    expect(left.status).toBe(400);
    const removedByFormer = await org("remove-member", { memberIdOrEmail: successor.memberId, organizationId: owner.accountId }, owner);
    expect(removedByFormer.status).toBe(400);
    expect(await ownerCount(owner.accountId)).toBe(1);

    // The former owner, now a manager, may leave.
    const formerLeaves = await org("leave", { organizationId: owner.accountId }, owner);
    expect(formerLeaves.status).toBe(200);
    expect(await membership(owner.accountId, owner.id)).toBeUndefined();
    expect(await ownerCount(owner.accountId)).toBe(1);
  });

  it("with two owners, one may remove the other, but not the last", async () => {
    const owner = await createOwner();
    const second = await addMember(owner, "owner");
    const { answer: removed, changed } = await orgChangingRows("remove-member", { memberIdOrEmail: second.memberId, organizationId: owner.accountId }, owner);
    expect(removed.status).toBe(200);
    expect(changed).toEqual({ member: 1, audit_events: 1 });
    expect(await membership(owner.accountId, second.id)).toBeUndefined();
    const ownerRow = (await membership(owner.accountId, owner.id))!;
    const self = await org("remove-member", { memberIdOrEmail: ownerRow.id, organizationId: owner.accountId }, owner);
    expect(self.status).toBe(400);
    expect(await ownerCount(owner.accountId)).toBe(1);
  });
});

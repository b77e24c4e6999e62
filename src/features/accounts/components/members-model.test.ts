import { describe, expect, it } from "vitest";
import { assignableRoles, isLastOwner, mayChange, visibleInvitations } from "./members-model";
import { refusalMessage } from "./org-api";
import { invitationViews, memberViews, timeZoneChoices, viewerOf } from "./account-page-data";

const full = {
  members: [
    { id: "m2", userId: "u2", role: "staff", createdAt: "2026-02-01T00:00:00Z", user: { name: "Frankie", email: "frankie@example.com" } },
    { id: "m1", userId: "u1", role: "owner", createdAt: "2026-01-01T23:30:00Z", user: { name: "", email: "dana@example.com" } },
  ],
  invitations: [
    { id: "i1", email: "old@example.com", role: "staff", status: "pending", expiresAt: "2026-01-02T00:00:00Z", createdAt: "2025-12-26T00:00:00Z" },
    { id: "i2", email: "old@example.com", role: "staff", status: "pending", expiresAt: "2026-03-10T00:00:00Z", createdAt: "2026-03-03T00:00:00Z", lastSentAt: "2026-03-03T00:00:00Z" },
    { id: "i3", email: "gone@example.com", role: "manager", status: "canceled", expiresAt: "2026-03-10T00:00:00Z", createdAt: "2026-03-03T00:00:00Z" },
  ],
};

describe("/account's members model (issue 22)", () => {
  it("orders members by joining, names them (e-mail when there is no name), dates in the account's zone", () => {
    const rows = memberViews(full, "u2", "America/New_York");
    expect(rows.map((r) => [r.name, r.roleLabel, r.joined, r.isYou])).toEqual([
      ["dana@example.com", "Owner", "Jan 1, 2026", false],
      // Midnight UTC on February 1 is still January 31 in New York.
      ["Frankie", "Staff", "Jan 31, 2026", true],
    ]);
  });

  it("lists pending invitations only, newest first, and hides an expired one that a newer one replaced", () => {
    const views = invitationViews(full, "UTC", new Date("2026-03-04T00:00:00Z"));
    expect(views.map((v) => [v.id, v.expired])).toEqual([
      ["i2", false],
      ["i1", true],
    ]);
    expect(visibleInvitations(views).map((v) => v.id)).toEqual(["i2"]);
  });

  it("only owners hand out ownership or touch an owner's row; the last owner is protected", () => {
    const owner = viewerOf("owner", full);
    const manager = viewerOf("manager", full);
    const staff = viewerOf("staff", full);
    expect(owner).toEqual({ canManage: true, canEditDetails: true, canReadCalls: true, canManageIntegrations: true, isOwner: true, ownerCount: 1 });
    expect(assignableRoles(owner)).toEqual(["owner", "manager", "staff", "billing"]);
    expect(assignableRoles(manager)).toEqual(["manager", "staff", "billing"]);
    expect(mayChange(manager, { role: "owner" })).toBe(false);
    expect(mayChange(manager, { role: "staff" })).toBe(true);
    expect(mayChange(staff, { role: "staff" })).toBe(false);
    expect(isLastOwner(owner)).toBe(true);
    expect(isLastOwner({ ...owner, ownerCount: 2 })).toBe(false);
  });

  it("words the plugin's refusals in the product's terms, else shows the server's message", () => {
    expect(refusalMessage(400, { code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER", message: "You cannot leave the organization without an owner" })).toMatch(/only owner/);
    expect(refusalMessage(403, { code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE" })).toBe("Only an owner can invite someone as an owner.");
    expect(refusalMessage(429, { code: "INVITATION_RESEND_THROTTLED", message: "This invitation was sent a moment ago. You can resend it in 42 seconds." })).toBe(
      "This invitation was sent a moment ago. You can resend it in 42 seconds.",
    );
    expect(refusalMessage(400, { code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER" }, { YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: "leave text" })).toBe("leave text");
    expect(refusalMessage(500, "oops")).toBe("Something went wrong. Please try again.");
  });

  it("offers every time zone of the server, UTC first, and keeps the current one", () => {
    const zones = timeZoneChoices("Europe/Berlin");
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("Europe/Berlin");
    expect(zones).toContain("America/New_York");
    expect(new Set(zones).size).toBe(zones.length);
  });
});

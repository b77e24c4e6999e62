import { ROLES, type AccountRole } from "../permissions";

/**
 * The role that owns the account: better-auth's `creatorRole`
 * (organization-options.server.ts). The plugin lets only its holders hand it
 * out or take it away, and refuses to leave an account without one; the
 * page follows the same rule to hide what it would refuse.
 */
export const OWNER_ROLE: AccountRole = "owner";

/** One member as the Members table shows it (dates already formatted in the account's time zone). */
export type MemberView = {
  /** The membership's id (better-auth's member id). */
  id: string;
  userId: string;
  name: string;
  email: string;
  role: string;
  roleLabel: string;
  joined: string;
  isYou: boolean;
};

/** A pending invitation as the list shows it. */
export type InvitationView = {
  id: string;
  email: string;
  role: string;
  roleLabel: string;
  sentOn: string;
  expiresOn: string;
  expired: boolean;
};

/** Who is looking at the page, and what their role lets them do. */
export type Viewer = {
  /** members.manage: invite, change roles, remove, see invitations and the audit log. */
  canManage: boolean;
  /** Holds the owner role: may hand out and take away ownership. */
  isOwner: boolean;
  /** How many owners the account has (the last one cannot leave, step down or be removed). */
  ownerCount: number;
};

/** The roles this viewer may give (only an owner makes owners). */
export function assignableRoles(viewer: Pick<Viewer, "isOwner">): AccountRole[] {
  return ROLES.filter((r) => viewer.isOwner || r !== OWNER_ROLE);
}

/** Whether the viewer may change this member's role or remove them (an owner's row only for owners). */
export function mayChange(viewer: Viewer, m: Pick<MemberView, "role">): boolean {
  return viewer.canManage && (viewer.isOwner || m.role !== OWNER_ROLE);
}

/** Whether the viewer is the account's only owner (may not leave or step down). */
export function isLastOwner(viewer: Viewer): boolean {
  return viewer.isOwner && viewer.ownerCount <= 1;
}

/** A pending invitation superseded by a newer one for the same address is left out of the list. */
export function visibleInvitations<T extends { email: string; expired: boolean }>(invitations: T[]): T[] {
  const live = new Set(invitations.filter((i) => !i.expired).map((i) => i.email.toLowerCase()));
  return invitations.filter((i) => !i.expired || !live.has(i.email.toLowerCase()));
}

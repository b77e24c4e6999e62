import { formatDate } from "@/lib/format";
import { can, isAccountRole, ROLE_LABELS, type AccountRole } from "../permissions";
import { OWNER_ROLE, type InvitationView, type MemberView, type Viewer } from "./members-model";

/** What /account needs of better-auth's get-full-organization answer. */
export type FullOrganization = {
  members: Array<{ id: string; userId: string; role: string; createdAt: Date | string; user: { name?: string | null; email: string } }>;
  invitations: Array<{ id: string; email: string; role: string; status: string; expiresAt: Date | string; createdAt?: Date | string | null; lastSentAt?: Date | string | null }>;
};

const roleLabel = (role: string) => (isAccountRole(role) ? ROLE_LABELS[role] : role);

/** The Members table's rows, oldest member first, dates in the account's time zone. */
export function memberViews(full: FullOrganization, viewerUserId: string, timeZone: string): MemberView[] {
  return [...full.members]
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id.localeCompare(b.id))
    .map((m) => ({
      id: m.id,
      userId: m.userId,
      name: m.user.name?.trim() || m.user.email,
      email: m.user.email,
      role: m.role,
      roleLabel: roleLabel(m.role),
      joined: formatDate(m.createdAt, { timeZone }),
      isYou: m.userId === viewerUserId,
    }));
}

/** The invitations still waiting for an answer (status pending), newest first. */
export function invitationViews(full: FullOrganization, timeZone: string, now = new Date()): InvitationView[] {
  return full.invitations
    .filter((i) => i.status === "pending")
    .map((i) => ({ ...i, sent: new Date(i.lastSentAt ?? i.createdAt ?? i.expiresAt) }))
    .sort((a, b) => b.sent.getTime() - a.sent.getTime())
    .map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      roleLabel: roleLabel(i.role),
      sentOn: formatDate(i.sent, { timeZone }),
      expiresOn: formatDate(i.expiresAt, { timeZone }),
      expired: new Date(i.expiresAt).getTime() <= now.getTime(),
    }));
}

/** What the viewer's role lets them do on the page. */
export function viewerOf(role: AccountRole, full: FullOrganization): Viewer & { canEditDetails: boolean; canReadCalls: boolean; canManageIntegrations: boolean } {
  return {
    canManage: can(role, "members.manage"),
    canEditDetails: can(role, "settings.edit"),
    canReadCalls: can(role, "calls.read"),
    canManageIntegrations: can(role, "integrations.manage"),
    isOwner: role === OWNER_ROLE,
    ownerCount: full.members.filter((m) => m.role === OWNER_ROLE).length,
  };
}

/** The time zone picker's choices: the server's list, with UTC and the current zone always in it. */
export function timeZoneChoices(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  zones.add(current);
  return [...zones].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b)));
}

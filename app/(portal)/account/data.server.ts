import "server-only";
import type { PortalUser } from "@/features/auth/guards.server";
import { can } from "@/features/accounts/permissions";
import { auditLogPage, readAuditPosition } from "@/features/accounts/audit-log.server";
import { invitationViews, memberViews, timeZoneChoices, viewerOf } from "@/features/accounts/components/account-page-data";
import { accountPeople } from "@/features/accounts/account-people.server";
import type { AccountPage } from "@/features/accounts/components/account-page";

type Search = Record<string, string | string[] | undefined>;

/** The account page's props, but the delete section (a component the page places). */
export type AccountScreenData = Omit<Parameters<typeof AccountPage>[0], "deleteAccount"> & { canDelete: boolean };

const auditHref = (direction: "older" | "newer", cursor: string | null) => (cursor ? `/account?${new URLSearchParams({ [direction]: cursor })}#audit-log` : null);

/**
 * /account (issue 22): members, business details and, for owners and
 * managers, the audit log of the session's business account. Members and
 * invitations are read with get-full-organization's rules (invitations hidden
 * from roles that cannot invite, owner invitations from non-owners;
 * accounts/account-people.server.ts), at the same time as the audit log page:
 * with the session check, 4 statements (issue 27).
 */
export async function loadAccountScreen({ user, account }: PortalUser, searchParams: Search): Promise<AccountScreenData> {
  const [full, page] = await Promise.all([accountPeople(account.id, account.role), can(account.role, "members.manage") ? auditLogPage(account.id, readAuditPosition(searchParams)) : null]);
  const viewer = viewerOf(account.role, full);
  const audit = page && { entries: page.entries, newerHref: auditHref("newer", page.newerCursor), olderHref: auditHref("older", page.olderCursor) };
  return {
    account: { id: account.id, name: account.name, billingEmail: account.billingEmail, timeZone: account.timeZone },
    viewer,
    members: memberViews(full, user.id, account.timeZone),
    invitations: viewer.canManage ? invitationViews(full, account.timeZone) : [],
    timeZones: viewer.canEditDetails ? timeZoneChoices(account.timeZone) : [],
    audit,
    canDelete: can(account.role, "account.delete"),
  };
}

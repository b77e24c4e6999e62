import "server-only";
import { headers } from "next/headers";
import { isAPIError } from "better-auth/api";
import { getAuth } from "@/features/auth/auth.server";
import type { PortalUser } from "@/features/auth/guards.server";
import { can } from "@/features/accounts/permissions";
import { auditLogPage, readAuditPosition } from "@/features/accounts/audit-log.server";
import { invitationViews, memberViews, timeZoneChoices, viewerOf, type FullOrganization } from "@/features/accounts/components/account-page-data";
import type { AccountPage } from "@/features/accounts/components/account-page";

type Search = Record<string, string | string[] | undefined>;

/** The account page's props, but the delete section (a component the page places). */
export type AccountScreenData = Omit<Parameters<typeof AccountPage>[0], "deleteAccount"> & { canDelete: boolean };

const auditHref = (direction: "older" | "newer", cursor: string | null) => (cursor ? `/account?${new URLSearchParams({ [direction]: cursor })}#audit-log` : null);

/**
 * /account (issue 22): members, business details and, for owners and
 * managers, the audit log of the session's business account. Members and
 * invitations come from better-auth's get-full-organization (which hides
 * invitations from roles that cannot invite, and owner invitations from
 * non-owners). Null: the plugin refused the caller (removed between the two
 * reads), which the page shows as "no access".
 */
export async function loadAccountScreen({ user, account }: PortalUser, searchParams: Search): Promise<AccountScreenData | null> {
  const auth = await getAuth();
  const requestHeaders = await headers();
  const full = (await auth.api.getFullOrganization({ headers: requestHeaders, query: { organizationId: account.id } }).catch((err: unknown) => {
    if (isAPIError(err)) return null;
    throw err;
  })) as FullOrganization | null;
  if (!full) return null;
  const viewer = viewerOf(account.role, full);
  let audit = null;
  if (can(account.role, "members.manage")) {
    const page = await auditLogPage(account.id, readAuditPosition(searchParams));
    audit = { entries: page.entries, newerHref: auditHref("newer", page.newerCursor), olderHref: auditHref("older", page.olderCursor) };
  }
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

import type { Metadata } from "next";
import { headers } from "next/headers";
import { isAPIError } from "better-auth/api";
import { getAuth } from "@/features/auth/auth.server";
import { pageAccess } from "@/features/auth/page-access.server";
import { NoAccessPage } from "@/features/accounts/no-access-page";
import { can } from "@/features/accounts/permissions";
import { auditLogPage, readAuditPosition } from "@/features/accounts/audit-log.server";
import { AccountPage } from "@/features/accounts/components/account-page";
import { invitationViews, memberViews, timeZoneChoices, viewerOf, type FullOrganization } from "@/features/accounts/components/account-page-data";
import { DeleteAccountSection } from "@/features/account-care/delete-account-section";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Account" };

type Search = Record<string, string | string[] | undefined>;

const auditHref = (direction: "older" | "newer", cursor: string | null) => (cursor ? `/account?${new URLSearchParams({ [direction]: cursor })}#audit-log` : null);

/**
 * /account (issue 22): members, business details and, for owners and
 * managers, the audit log of the session's business account. Members and
 * invitations come from better-auth's get-full-organization (which hides
 * invitations from roles that cannot invite, and owner invitations from
 * non-owners).
 */
async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const access = await pageAccess({ returnTo: "/account", permission: null, loginNotice: { title: "Authentication Required", description: "Please log in to manage your account" } });
  if (!access.ok) return access.element;
  const { user, account } = access;
  const auth = await getAuth();
  const requestHeaders = await headers();
  // The plugin refuses (403) a caller removed between the two reads: that is "no access", not an error.
  const full = (await auth.api.getFullOrganization({ headers: requestHeaders, query: { organizationId: account.id } }).catch((err: unknown) => {
    if (isAPIError(err)) return null;
    throw err;
  })) as FullOrganization | null;
  if (!full) return <NoAccessPage reason={null} />;
  const viewer = viewerOf(account.role, full);
  let audit = null;
  if (can(account.role, "members.manage")) {
    const page = await auditLogPage(account.id, readAuditPosition(await searchParams));
    audit = { entries: page.entries, newerHref: auditHref("newer", page.newerCursor), olderHref: auditHref("older", page.olderCursor) };
  }
  return (
    <AccountPage
      account={{ id: account.id, name: account.name, billingEmail: account.billingEmail, timeZone: account.timeZone }}
      viewer={viewer}
      members={memberViews(full, user.id, account.timeZone)}
      invitations={viewer.canManage ? invitationViews(full, account.timeZone) : []}
      timeZones={viewer.canEditDetails ? timeZoneChoices(account.timeZone) : []}
      audit={audit}
      deleteAccount={can(account.role, "account.delete") ? <DeleteAccountSection accountName={account.name} /> : null}
    />
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

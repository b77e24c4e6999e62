import type { Metadata } from "next";
import { pageAccess } from "@/features/auth/page-access.server";
import { can } from "@/features/accounts/permissions";
import { NotificationsPage } from "@/features/call-alerts/components/notifications-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { timeZoneLabel } from "@/lib/time-zone";

export const metadata: Metadata = { title: "Notifications" };

/**
 * /account/notifications (issue 25): every member who reads calls chooses
 * what reaches them; owners and managers (integrations.manage) also edit the
 * account's notification rules.
 */
async function Page() {
  const access = await pageAccess({ returnTo: "/account/notifications", permission: "calls.read", delayMs: 500, loginNotice: { title: "Unauthorized", description: "You are logged out. Logging in again..." } });
  if (!access.ok) return access.element;
  const { account } = access;
  return <NotificationsPage accountName={account.name} canManageRules={can(account.role, "integrations.manage")} timeZoneLabel={timeZoneLabel(account.timeZone)} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

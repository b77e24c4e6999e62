import "server-only";
import type { PortalUser } from "@/features/auth/guards.server";
import { can } from "@/features/accounts/permissions";
import { timeZoneLabel } from "@/lib/time-zone";

export type NotificationsScreenData = { accountName: string; canManageRules: boolean; timeZoneLabel: string };

/** /account/notifications: the account's name, whether the member edits the rules, and the zone the times are in. */
export function loadNotificationsScreen({ account }: PortalUser): NotificationsScreenData {
  return { accountName: account.name, canManageRules: can(account.role, "integrations.manage"), timeZoneLabel: timeZoneLabel(account.timeZone) };
}

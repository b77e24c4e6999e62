import type { Metadata } from "next";
import { LOGGED_OUT_NOTICE, requirePermission } from "@/features/auth/guards.server";
import { NotificationsPage } from "@/features/call-alerts/components/notifications-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadNotificationsScreen } from "./data.server";

export const metadata: Metadata = { title: "Notifications" };

/**
 * /account/notifications (issue 25): every member who reads calls chooses
 * what reaches them; owners and managers (integrations.manage) also edit the
 * account's notification rules.
 */
async function Page() {
  const access = await requirePermission("calls.read", { returnTo: "/account/notifications", notice: LOGGED_OUT_NOTICE, delayMs: 500 });
  if (!access.ok) return access.element;
  return <NotificationsPage {...loadNotificationsScreen(access)} />;
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);

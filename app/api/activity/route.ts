import { route } from "@/features/auth/route.server";
import { recentActivity } from "@/features/portal/activity.server";
import { can } from "@/features/accounts/permissions";

/** The dashboard's Recent Activity of the caller's account (usage events; subscription and invoice events for those who may see billing). */
export const GET = route({ permission: "calls.read" }, async ({ account }) => Response.json(await recentActivity(account.id, { billing: can(account.role, "billing.read") })));

import { route } from "@/features/auth/route.server";
import { recentActivity } from "@/features/portal/activity.server";

/** The dashboard's Recent Activity for the caller (usage, subscription and invoice events). */
export const GET = route({ access: "user" }, async ({ user }) => Response.json(await recentActivity(user.id)));

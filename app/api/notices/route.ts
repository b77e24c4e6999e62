import { route } from "@/features/auth/route.server";
import { unreadNotices } from "@/features/interactions/customer-notices.server";

/** GET /api/notices: the caller's unread in-app notices (usage alerts), newest first. */
export const GET = route({ permission: "calls.read" }, async ({ account }) => Response.json(await unreadNotices(account.id)));

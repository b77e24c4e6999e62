import { route } from "@/features/auth/route.server";
import { listNotifications } from "@/features/notifications/notifications.server";

/** GET /api/admin/notifications: newest first. */
export const GET = route({ access: "admin" }, async () => Response.json(await listNotifications()));

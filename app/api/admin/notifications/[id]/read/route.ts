import { route } from "@/features/auth/route.server";
import { markNotificationRead } from "@/features/notifications/notifications.server";

/** PUT /api/admin/notifications/{id}/read: marks one notification read (idempotent). */
export const PUT = route<"admin", { id: string }>({ access: "admin" }, async ({ params }) => Response.json(await markNotificationRead(params.id)));

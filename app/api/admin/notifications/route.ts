import { route } from "@/features/auth/route.server";
import { listNotifications } from "@/features/notifications/notifications.server";
import { pageResponse, readPageRequest } from "@/lib/http/pagination";

/** GET /api/admin/notifications: one page (≤ 50), unread first, then newest; `q`, `unread=true`, `limit`, `cursor` (ADR 0096). */
export const GET = route({ access: "admin" }, async ({ req }) => pageResponse(req, await listNotifications(readPageRequest(req))));

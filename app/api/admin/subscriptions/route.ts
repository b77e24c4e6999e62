import { route } from "@/features/auth/route.server";
import { listAdminSubscriptions } from "@/features/admin-subscriptions/admin-subscriptions.server";
import { pageResponse, readPageRequest } from "@/lib/http/pagination";

/** GET /api/admin/subscriptions: one page (≤ 50), newest first, each with its business account and owner; `q`, `status`, `plan`, `flag`, `account`, `limit`, `cursor` (ADR 0096, 0110). */
export const GET = route({ access: "admin" }, async ({ req }) => pageResponse(req, await listAdminSubscriptions(readPageRequest(req))));

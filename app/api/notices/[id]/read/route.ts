import { route } from "@/features/auth/route.server";
import { markNoticeRead } from "@/features/interactions/customer-notices.server";

/** PUT /api/notices/{id}/read: dismisses one of the caller's notices (idempotent). */
export const PUT = route<"user", { id: string }>({ permission: "calls.read" }, async ({ account, params }) => Response.json(await markNoticeRead(account.id, params.id)));

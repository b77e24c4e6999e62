import { route } from "@/features/auth/route.server";
import { attentionInbox } from "@/features/interactions/attention.server";

/** GET /api/attention: the account's "needs attention" items, newest first, each with the call's id and its reason; the recently handled ones; today's totals (ADR 0115). */
export const GET = route({ permission: "calls.read" }, async ({ account }) => Response.json(await attentionInbox(account.id)));

import { route } from "@/features/auth/route.server";
import { attentionInbox } from "@/features/interactions/attention.server";
import { callDisplayForRequest } from "@/features/interactions/call-display.server";

/** GET /api/attention: the account's "needs attention" items, newest first, each with the call's id and its reason; the recently handled ones; today's totals (ADR 0115). */
export const GET = route({ permission: "calls.read" }, async ({ account, req }) =>
  // Numbers read in the account's country (its time zone, else the browser's; ADR 0117).
  Response.json(await attentionInbox(account.id, callDisplayForRequest(account, req).country)),
);

import { route } from "@/features/auth/route.server";
import { markHandled, unmarkHandled } from "@/features/interactions/attention.server";

/** PUT /api/interactions/<id>/handled: marks the call handled by the caller, now; seen by every member of the account (ADR 0115). */
export const PUT = route<"user", { id: string }>({ permission: "calls.read" }, async ({ user, account, params }) => Response.json(await markHandled(account.id, params.id, user.id)));

/** DELETE /api/interactions/<id>/handled: the undo; the call needs attention again. */
export const DELETE = route<"user", { id: string }>({ permission: "calls.read" }, async ({ account, params }) => Response.json(await unmarkHandled(account.id, params.id)));

import { route } from "@/features/auth/route.server";
import { getInteraction } from "@/features/interactions/interactions-read.server";
import { customerKeyAccount, keyOrSession } from "@/features/interactions/read-access.server";

/**
 * GET /api/interactions/<id>: one of the account's records with its transcript and a signed recording link (404 when not theirs).
 * A member's session (calls.read) or a customer API key (`Authorization: Bearer <key>`): the links of the webhook events (ADR 0128).
 */
export const GET = keyOrSession(
  route<"public", { id: string }, string>({ access: "public", beforeBody: customerKeyAccount }, async ({ pre: accountId, params }) => Response.json(await getInteraction(accountId, params.id))),
  route<"user", { id: string }>({ permission: "calls.read" }, async ({ account, params }) => Response.json(await getInteraction(account.id, params.id))),
);

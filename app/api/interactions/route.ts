import { route } from "@/features/auth/route.server";
import { listInteractions } from "@/features/interactions/interactions-read.server";
import { customerKeyAccount, keyOrSession } from "@/features/interactions/read-access.server";

/**
 * GET /api/interactions: the account's calls, texts and chats, newest first: `{items, nextCursor}`; `limit` (1–50, default 25), `cursor`, `channel`, `direction`, `outcome`, `aiEmployeeId`, `from`, `to`, `q`.
 * A member's session (calls.read) or a customer API key (`Authorization: Bearer <key>`; ADR 0128).
 */
export const GET = keyOrSession(
  route({ access: "public", beforeBody: customerKeyAccount }, async ({ req, pre: accountId }) => Response.json(await listInteractions(accountId, new URL(req.url).searchParams))),
  route({ permission: "calls.read" }, async ({ req, account }) => Response.json(await listInteractions(account.id, new URL(req.url).searchParams))),
);

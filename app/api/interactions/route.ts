import { route } from "@/features/auth/route.server";
import { listInteractions } from "@/features/interactions/interactions-read.server";

/** GET /api/interactions: the caller's calls, texts and chats, newest first: `{items, nextCursor}`; `limit` (1–50, default 25), `cursor`, `channel`, `direction`, `outcome`, `aiEmployeeId`, `from`, `to`, `q`. */
export const GET = route({ permission: "calls.read" }, async ({ req, account }) => Response.json(await listInteractions(account.id, new URL(req.url).searchParams)));

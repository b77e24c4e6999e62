import { route } from "@/features/auth/route.server";
import { getInteraction } from "@/features/interactions/interactions-read.server";

/** GET /api/interactions/<id>: one of the caller's records with its transcript and a signed recording link (404 when not theirs). */
export const GET = route<"user", { id: string }>({ permission: "calls.read" }, async ({ account, params }) => Response.json(await getInteraction(account.id, params.id)));

import { route } from "@/features/auth/route.server";
import { reportSpam } from "@/features/interactions/interactions-read.server";

/** POST /api/interactions/<id>/report-spam: credits a phone call of 30 s or more reported as spam (spec 9); answers the updated record. */
export const POST = route<"user", { id: string }>({ access: "user" }, async ({ user, params }) => Response.json(await reportSpam(user.id, params.id)));

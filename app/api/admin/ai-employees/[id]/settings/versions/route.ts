import { route } from "@/features/auth/route.server";
import { operatorActor } from "@/features/ai-settings/actor.server";
import { listVersions } from "@/features/ai-settings/versions.server";

/** GET /api/admin/ai-employees/{id}/settings/versions: the history, newest first. */
export const GET = route<"admin", { id: string }>({ access: "admin" }, async ({ req, user, params }) => Response.json(await listVersions(params.id, operatorActor(user, req))));

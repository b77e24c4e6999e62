import { route } from "@/features/auth/route.server";
import { operatorActor } from "@/features/ai-settings/actor.server";
import { retrySync } from "@/features/ai-settings/preview.server";

/** POST /api/admin/ai-employees/{id}/settings/sync ("Retry now"): pushes the current version to the voice platform at once. */
export const POST = route<"admin", { id: string }>({ access: "admin" }, async ({ req, user, params }) => Response.json(await retrySync(params.id, operatorActor(user, req))));

import { route } from "@/features/auth/route.server";
import { memberActor } from "@/features/ai-settings/actor.server";
import { listVersions } from "@/features/ai-settings/versions.server";

/** GET /api/ai-employees/{id}/settings/versions: the history, newest first. */
export const GET = route<"user", { id: string }>({ permission: "settings.read" }, async ({ req, user, account, params }) =>
  Response.json(await listVersions(params.id, memberActor(user, account, req))),
);

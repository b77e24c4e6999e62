import { route } from "@/features/auth/route.server";
import { memberActor } from "@/features/ai-settings/actor.server";
import { retrySync } from "@/features/ai-settings/preview.server";

/** POST /api/ai-employees/{id}/settings/sync ("Retry now"): pushes the current version to the voice platform at once. */
export const POST = route<"user", { id: string }>({ permission: "settings.edit" }, async ({ req, user, account, params }) =>
  Response.json(await retrySync(params.id, memberActor(user, account, req))),
);

import { route } from "@/features/auth/route.server";
import { memberActor } from "@/features/ai-settings/actor.server";
import { previewFor } from "@/features/ai-settings/preview.server";

/** GET /api/ai-employees/{id}/preview?at=<ISO time>: what a caller hears then (now without `at`). */
export const GET = route<"user", { id: string }>({ permission: "settings.read" }, async ({ req, user, account, params }) =>
  Response.json(await previewFor(params.id, memberActor(user, account, req), new URL(req.url).searchParams.get("at"))),
);

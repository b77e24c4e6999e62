import { route } from "@/features/auth/route.server";
import { operatorActor } from "@/features/ai-settings/actor.server";
import { previewFor } from "@/features/ai-settings/preview.server";

/** GET /api/admin/ai-employees/{id}/preview?at=<ISO time>: what a caller hears then (now without `at`). */
export const GET = route<"admin", { id: string }>({ access: "admin" }, async ({ req, user, params }) =>
  Response.json(await previewFor(params.id, operatorActor(user, req), new URL(req.url).searchParams.get("at"))),
);

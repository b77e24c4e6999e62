import { route } from "@/features/auth/route.server";
import { listAiEmployees } from "@/features/ai-settings/settings.server";

/** GET /api/ai-employees: the caller's account's AI employees (the ones it claimed), oldest first. */
export const GET = route({ permission: "settings.read" }, async ({ account }) => Response.json(await listAiEmployees(account.id)));

import { route } from "@/features/auth/route.server";
import { listAdminSubscriptions } from "@/features/admin-subscriptions/admin-subscriptions.server";

export const GET = route({ access: "admin" }, async () => Response.json(await listAdminSubscriptions()));

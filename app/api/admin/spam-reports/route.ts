import { route } from "@/features/auth/route.server";
import { listPendingSpamReports } from "@/features/interactions/spam-reports.server";

/** GET /api/admin/spam-reports: spam reports past a month's self-service credit, waiting for review, oldest first (admins only). */
export const GET = route({ access: "admin" }, async () => Response.json(await listPendingSpamReports()));

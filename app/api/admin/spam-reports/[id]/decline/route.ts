import { route } from "@/features/auth/route.server";
import { declineSpamReport } from "@/features/interactions/spam-reports.server";

/** POST /api/admin/spam-reports/<id>/decline: declines a pending spam report, its units stay counted (admins only; 404 unknown, 409 approved, repeat answers the same). */
export const POST = route<"admin", { id: string }>({ access: "admin" }, async ({ params, log }) => {
  const result = await declineSpamReport(params.id);
  log.info({ interactionId: params.id }, "spam report declined by an admin");
  return Response.json(result);
});

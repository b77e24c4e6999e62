import { route } from "@/features/auth/route.server";
import { approveSpamReport } from "@/features/interactions/spam-reports.server";

/** POST /api/admin/spam-reports/<id>/approve: credits a pending spam report (admins only; 404 unknown, 409 declined, repeat answers the same). */
export const POST = route<"admin", { id: string }>({ access: "admin" }, async ({ params, log }) => {
  const result = await approveSpamReport(params.id);
  log.info({ interactionId: params.id }, "spam report approved by an admin");
  return Response.json(result);
});

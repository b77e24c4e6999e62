import { route } from "@/features/auth/route.server";
import { notFound } from "@/lib/http/errors";
import { retryDeadJob } from "@/lib/jobs";

/** POST /api/admin/jobs/{id}/retry: sends a dead job back to its queue with fresh attempts (admins only). */
export const POST = route<"admin", { id: string }>({ access: "admin" }, async ({ params, log }) => {
  if (!(await retryDeadJob(params.id))) throw notFound("Dead job not found (it may have been retried already)");
  log.info({ deadJobId: params.id }, "dead job retried by an admin");
  return Response.json({ success: true, message: "The job is queued again." });
});

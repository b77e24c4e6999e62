import { route } from "@/features/auth/route.server";
import { notFound } from "@/lib/http/errors";
import { findPlan } from "@/features/plans/catalogue";
import { planView } from "@/features/billing/views.server";

/** One plan: name, monthlyPrice and annualPrice (per year) in cents, session limits. `corp` and `corporate` both work. */
export const GET = route<"public", { planId: string }>({ access: "public" }, async ({ params }) => {
  const plan = findPlan(params.planId);
  if (!plan || plan.monthlyPrice === null) throw notFound("Plan not found");
  return Response.json(planView(plan));
});

import { route } from "@/features/auth/route.server";
import { resumeSubscription } from "@/features/billing/cancel-resume.server";

/** POST /api/subscriptions/{id}/resume: undoes a cancellation before the period ends (another account's id answers 404). */
export const POST = route<"user", { id: string }>({ permission: "billing.manage" }, async ({ account, params }) => {
  const subscription = await resumeSubscription({ accountId: account.id }, params.id);
  return Response.json({ success: true, message: "Your subscription will continue.", subscription });
});

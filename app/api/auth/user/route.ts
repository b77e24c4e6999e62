import { route } from "@/features/auth/route.server";
import { authUserOf } from "@/features/shell/auth-user.server";
import { subscriptionSummary } from "@/features/usage/subscription-summary.server";

/**
 * The signed-in user with the subscription summary (spec 3); 401 when
 * anonymous. Also the business account the session works in (null: no
 * access), what the member may do there, and every account they belong to
 * (the header's switcher; issue 22). The summary is there for members who
 * see the dashboard or billing. The site header asks with
 * `?subscription=omit` and does not pay for the summary (ADR 0140); the
 * dashboard reads its own data on the server. Signed-in pages hand the
 * header the same view without this request (SignedInUserSeed).
 */
export const GET = route({ access: "user" }, async ({ user, req }) => {
  const { view, account } = await authUserOf(user);
  const showsUsage = view.permissions.includes("calls.read") || view.permissions.includes("billing.read");
  // `?subscription=omit`: the header's view (every page), which shows no usage: no summary query, no `subscription` key.
  const omitSummary = new URL(req.url).searchParams.get("subscription") === "omit";
  return Response.json({
    ...view,
    emailVerified: user.emailVerified,
    ...(omitSummary ? {} : { subscription: account && showsUsage ? await subscriptionSummary(account.id) : null }),
  });
});

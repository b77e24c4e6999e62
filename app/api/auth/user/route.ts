import { route } from "@/features/auth/route.server";
import { subscriptionSummary } from "@/features/usage/subscription-summary.server";
import { membershipsOf } from "@/features/accounts/current-account.server";
import { can, PERMISSIONS, ROLE_LABELS } from "@/features/accounts/permissions";

/**
 * The signed-in user with the subscription summary (spec 3); 401 when
 * anonymous. Also the business account the session works in (null: no
 * access), what the member may do there, and every account they belong to
 * (the header's switcher; issue 22). The summary is there for members who
 * see the dashboard or billing. The site header asks with
 * `?subscription=omit` and does not pay for the summary (ADR 0140); the
 * dashboard reads its own data on the server.
 */
export const GET = route({ access: "user" }, async ({ user, req }) => {
  const { current: account, all } = await membershipsOf(user);
  const permissions = account ? PERMISSIONS.filter((p) => can(account.role, p)) : [];
  const showsUsage = permissions.includes("calls.read") || permissions.includes("billing.read");
  // `?subscription=omit`: the header's view (every page), which shows no usage: no summary query, no `subscription` key.
  const omitSummary = new URL(req.url).searchParams.get("subscription") === "omit";
  return Response.json({
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    ...(omitSummary ? {} : { subscription: account && showsUsage ? await subscriptionSummary(account.id) : null }),
    account: account ? { id: account.id, name: account.name, role: account.role, roleLabel: ROLE_LABELS[account.role] } : null,
    permissions,
    accounts: all,
  });
});

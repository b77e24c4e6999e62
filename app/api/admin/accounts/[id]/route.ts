import { route } from "@/features/auth/route.server";
import { getAdminAccount } from "@/features/admin-accounts/admin-account.server";
import { notFound } from "@/lib/http/errors";

type P = { id: string };

/** GET /api/admin/accounts/{id}: one business account, its members and pending invitations, read-only (ADR 0110); 404 for an unknown id. */
export const GET = route<"admin", P>({ access: "admin" }, async ({ params }) => {
  const account = await getAdminAccount(params.id);
  if (!account) throw notFound("Account not found");
  return Response.json(account);
});

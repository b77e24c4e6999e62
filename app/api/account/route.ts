import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { z } from "@/lib/zod";
import { deleteAccountOnRequest } from "@/features/account-care/account-closing.server";

const deleteAccountBody = z.object({ confirm: z.string().max(300, { message: "must be at most 300 characters" }).optional() });

/**
 * DELETE /api/account: deletes the caller's current business account
 * (issue 22, ADR 0109). Body `{ confirm: "<account name>" }`; 400 when it
 * does not match. Members lose access at once; subscriptions are cancelled
 * through the jobs; invoices are kept; calls are anonymised.
 */
export const DELETE = route({ permission: "account.delete" }, async ({ req, user, account }) => {
  const body = await readJson(req, deleteAccountBody);
  const deleted = await deleteAccountOnRequest(account, { id: user.id, email: user.email }, body.confirm ?? "");
  return Response.json({ message: `${deleted.accountName} is deleted.`, ...deleted });
});

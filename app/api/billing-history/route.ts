import { route } from "@/features/auth/route.server";
import { userInvoices } from "@/features/billing/views.server";

/** The caller's invoices (InvoiceView[]), newest first. */
export const GET = route({ access: "user" }, async ({ user }) => {
  return Response.json(await userInvoices(user.id));
});

import { route } from "@/features/auth/route.server";
import { accountInvoices } from "@/features/billing/views.server";

/** The caller's account's invoices (InvoiceView[]), newest first. */
export const GET = route({ permission: "billing.read" }, async ({ account }) => {
  return Response.json(await accountInvoices(account.id));
});

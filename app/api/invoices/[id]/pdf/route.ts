import { route } from "@/features/auth/route.server";
import { invoicePdf } from "@/features/billing/invoice-pdf.server";

/** GET /api/invoices/<id>/pdf: the account's invoice as a PDF (Stripe's own, by redirect; the sandbox's drawn here). 404 when not the caller's. */
export const GET = route<"user", { id: string }>({ permission: "billing.read" }, async ({ account, params }) => {
  const pdf = await invoicePdf(account.id, params.id);
  if ("redirect" in pdf) return Response.redirect(pdf.redirect, 302);
  return new Response(pdf.bytes as BodyInit, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${pdf.filename}"`,
      "cache-control": "private, no-store",
    },
  });
});

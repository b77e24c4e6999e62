"use client";
import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import type { InvoiceView } from "@/features/billing/api-types";
import { formatCents } from "@/features/plans/catalogue";
import { Badge } from "@/lib/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { formatDate } from "../format";
import { BILLING_AUTH_META } from "./use-billing-auth";

function invoiceBadge(status: string): { label: string; variant: "green" | "amber" | "red" | "grey" } {
  switch (status) {
    case "paid":
      return { label: "Paid", variant: "green" };
    case "open":
      return { label: "Open", variant: "amber" };
    case "draft":
      return { label: "Draft", variant: "grey" };
    case "uncollectible":
      return { label: "Uncollectible", variant: "red" };
    case "void":
      return { label: "Void", variant: "grey" };
    default:
      return { label: status, variant: "grey" };
  }
}

/** The Billing History tab: the caller's invoices from the mirror. */
export function BillingHistoryPanel() {
  const { data, isLoading, isError } = useQuery<InvoiceView[]>({ queryKey: ["/api/billing-history"], meta: BILLING_AUTH_META });
  const invoices = data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Billing History</CardTitle>
        <CardDescription>Your invoices and payments.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-slate-700">Loading billing history...</p>
        ) : isError ? (
          <p className="text-red-800" role="alert">
            Unable to load your billing history. Please try again.
          </p>
        ) : invoices.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 p-8 text-center">
            <FileText className="size-8 text-slate-500" aria-hidden />
            <p className="font-medium text-slate-900">No invoices yet</p>
            <p className="text-slate-700">Your first invoice is created when your free trial ends.</p>
          </div>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="invoice-table">
              <caption className="sr-only">Invoices, newest first</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  <th scope="col" className="py-2 pr-4 font-medium">Date</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Description</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Amount</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Status</th>
                  <th scope="col" className="py-2 font-medium">Invoice</th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((inv) => {
                  const badge = invoiceBadge(inv.status);
                  const href = inv.invoiceUrl ?? inv.pdfUrl;
                  return (
                    <tr key={inv.id} className="border-b border-slate-100">
                      <td className="py-3 pr-4 whitespace-nowrap">{formatDate(inv.date)}</td>
                      <td className="py-3 pr-4">{inv.description}</td>
                      <td className="py-3 pr-4 text-right tabular-nums">
                        {formatCents(inv.amount)}
                        {inv.currency && inv.currency.toLowerCase() !== "usd" ? ` ${inv.currency.toUpperCase()}` : ""}
                      </td>
                      <td className="py-3 pr-4">
                        <Badge variant={badge.variant}>{badge.label}</Badge>
                      </td>
                      <td className="py-3">
                        {href ? (
                          <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                            {inv.invoiceUrl ? "View invoice" : "Download PDF"}
                            <span className="sr-only"> from {formatDate(inv.date)} (opens in a new tab)</span>
                          </a>
                        ) : (
                          <span className="text-slate-600">Not available</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

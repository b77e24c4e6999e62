"use client";
import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import type { InvoiceView } from "@/features/billing/api-types";
import { formatCents } from "@/features/plans/catalogue";
import { Badge } from "@/lib/ui/badge";
import { cn } from "@/lib/ui/cn";
import { formatDate } from "../format";
import { BILLING_AUTH_META } from "./use-billing-auth";
import { EmptyState, QueryPanel } from "./query-panel";

type InvoiceBadge = { label: string; variant: "green" | "amber" | "red" | "grey" };

const INVOICE_BADGES: Record<string, InvoiceBadge> = {
  paid: { label: "Paid", variant: "green" },
  open: { label: "Open", variant: "amber" },
  draft: { label: "Draft", variant: "grey" },
  uncollectible: { label: "Uncollectible", variant: "red" },
  void: { label: "Void", variant: "grey" },
};

function invoiceBadge(status: string): InvoiceBadge {
  return INVOICE_BADGES[status] ?? { label: status, variant: "grey" };
}

/** The Billing History tab: the caller's invoices from the mirror. */
export function BillingHistoryPanel() {
  const query = useQuery<InvoiceView[]>({ queryKey: ["/api/billing-history"], meta: BILLING_AUTH_META });
  return (
    <QueryPanel
      title="Billing History"
      description="Your invoices and payments."
      query={query}
      loadingText="Loading billing history..."
      errorText="Unable to load your billing history. Please try again."
      empty={<EmptyState icon={FileText} title="No invoices yet" body="Your first invoice is created when your free trial ends." />}
    >
      {(invoices) => <InvoiceTable invoices={invoices} />}
    </QueryPanel>
  );
}

const COLUMNS = [
  ["Date", "left"],
  ["Description", "left"],
  ["Amount", "right"],
  ["Status", "left"],
  ["Invoice", "left"],
] as const;

const LINK = "font-medium text-brand-700 underline-offset-4 hover:underline";

function amountText(inv: InvoiceView): string {
  return `${formatCents(inv.amount)}${inv.currency && inv.currency.toLowerCase() !== "usd" ? ` ${inv.currency.toUpperCase()}` : ""}`;
}

/** The hosted invoice (when the provider has one) and the PDF. */
function InvoiceLinks({ inv }: { inv: InvoiceView }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      {inv.invoiceUrl ? (
        <a href={inv.invoiceUrl} target="_blank" rel="noopener noreferrer" className={LINK}>
          View invoice
          <span className="sr-only"> from {formatDate(inv.date)} (opens in a new tab)</span>
        </a>
      ) : null}
      <a href={inv.pdfUrl} target="_blank" rel="noopener noreferrer" className={LINK} aria-label={`Download invoice from ${formatDate(inv.date)} as PDF (opens in a new tab)`}>
        PDF
      </a>
    </span>
  );
}

/** Wide screens: a table. Below the sm breakpoint each invoice is a short card, so a 390 px screen shows every field. */
function InvoiceTable({ invoices }: { invoices: InvoiceView[] }) {
  return (
    <>
      <ul className="flex flex-col gap-3 sm:hidden" aria-label="Invoices, newest first" data-testid="invoice-cards">
        {invoices.map((inv) => {
          const badge = invoiceBadge(inv.status);
          return (
            <li key={inv.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-medium text-slate-900">{formatDate(inv.date)}</span>
                <span className="tabular-nums font-semibold">{amountText(inv)}</span>
              </div>
              <p className="mt-1 break-words text-slate-700">{inv.description}</p>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <Badge variant={badge.variant}>{badge.label}</Badge>
                <InvoiceLinks inv={inv} />
              </div>
            </li>
          );
        })}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm" data-testid="invoice-table">
          <caption className="sr-only">Invoices, newest first</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              {COLUMNS.map(([label, align], i) => (
                <th key={label} scope="col" className={cn("py-2", i < COLUMNS.length - 1 && "pr-4", align === "right" && "text-right", "font-medium")}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoices.map((inv) => {
              const badge = invoiceBadge(inv.status);
              return (
                <tr key={inv.id} className="border-b border-slate-100">
                  <td className="py-3 pr-4 whitespace-nowrap">{formatDate(inv.date)}</td>
                  <td className="py-3 pr-4">{inv.description}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{amountText(inv)}</td>
                  <td className="py-3 pr-4">
                    <Badge variant={badge.variant}>{badge.label}</Badge>
                  </td>
                  <td className="py-3">
                    <InvoiceLinks inv={inv} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireSignedIn } from "@/features/auth/guards.server";
import { currentAccount } from "@/features/accounts/current-account.server";
import { can } from "@/features/accounts/permissions";
import { formatCents } from "@/features/plans/catalogue";
import { sandboxInvoiceFor } from "@/features/billing/sandbox/portal-data.server";
import { formatDate } from "@/lib/format";
import { Badge } from "@/lib/ui/badge";
import { Card, CardContent, CardHeader } from "@/lib/ui/card";
import { ColumnHeaders } from "@/lib/ui/column-headers";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Invoice (test mode)", robots: { index: false } };
export const dynamic = "force-dynamic";

const fmtDate = (iso: string | null) => formatDate(iso, { empty: "—" });

const COLUMNS = [
  ["Description", "left"],
  ["Qty", "right"],
  ["Unit price", "right"],
  ["Amount", "right"],
] as const;

/** A footer line of the invoice: a label across three columns, then the amount. */
function TotalRow({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <tr>
      <th scope="row" colSpan={3} className={strong ? "py-2 text-right font-semibold" : "py-2 text-right font-medium"}>
        {label}
      </th>
      <td className={strong ? "py-2 text-right font-semibold" : "py-2 text-right"}>{formatCents(cents)}</td>
    </tr>
  );
}

/** The sandbox's hosted invoice page (the provider's hosted_invoice_url). Owner or admin only. */
async function SandboxInvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireSignedIn({ returnTo: `/sandbox/invoices/${id}`, notice: { title: "Authentication Required", description: "Please log in to access billing information" } });
  if (!access.ok) return access.element;
  const { user } = access;
  const account = user.role === "admin" ? null : await currentAccount(user);
  // The account's billing members (or an operator admin) see its invoices.
  const inv = await sandboxInvoiceFor(id, { role: user.role, accountId: account && can(account.role, "billing.read") ? account.id : null });
  if (!inv) notFound();
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <Link href="/billing?tab=billing" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        ← Billing history
      </Link>
      <Card>
        <CardHeader className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="text-2xl font-semibold text-slate-900">Invoice</h1>
            <Badge variant={inv.status === "paid" ? "green" : inv.status === "open" ? "yellow" : "grey"}>{inv.status}</Badge>
          </div>
          <p className="text-sm text-slate-700">
            {inv.id} · issued {fmtDate(inv.createdAt)}
            {inv.customerEmail ? ` · ${inv.customerEmail}` : ""}
          </p>
          <p className="text-sm text-slate-700">
            Period {fmtDate(inv.periodStart)} – {fmtDate(inv.periodEnd)}
          </p>
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Test mode — issued by the sandbox payment provider; no real card was charged.
          </p>
          {inv.status === "open" && (
            <p className="rounded-md border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-950" data-testid="invoice-payment-failed">
              Payment failed{inv.lastError ? `: ${inv.lastError}` : "."} Saving a new card in the{" "}
              <Link href="/sandbox/portal" className="font-medium text-brand-700 underline underline-offset-4">
                customer portal
              </Link>{" "}
              pays this invoice.
            </p>
          )}
        </CardHeader>
        <CardContent>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{inv.description}</caption>
            <ColumnHeaders columns={COLUMNS} />
            <tbody>
              {inv.lines.map((l, i) => (
                <tr key={i} className="border-b border-slate-100">
                  <td className="py-2">{l.description}</td>
                  <td className="py-2 text-right">{l.quantity}</td>
                  <td className="py-2 text-right">{formatCents(l.unitAmount)}</td>
                  <td className="py-2 text-right">{formatCents(l.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <TotalRow label="Amount due" cents={inv.amountDue} strong />
              <TotalRow label="Amount paid" cents={inv.amountPaid} />
            </tfoot>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(SandboxInvoicePage);

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePermission } from "@/features/auth/guards.server";
import { formatCents } from "@/features/plans/catalogue";
import { statusBadge } from "@/features/billing/subscription-state";
import { safeReturnUrl, sandboxPortalData } from "@/features/billing/sandbox/portal-data.server";
import { CancelAtPeriodEndButton, RenewSubscriptionButton, UpdateCardPanel } from "@/features/billing/sandbox/portal-actions";
import { formatDate } from "@/lib/format";
import { Badge } from "@/lib/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/lib/ui/card";
import { ColumnHeaders } from "@/lib/ui/column-headers";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";

export const metadata: Metadata = { title: "Customer portal (test mode)", robots: { index: false } };
export const dynamic = "force-dynamic";

const fmtDate = (iso: string | null) => formatDate(iso, { empty: "—" });

/** Invoice badges; a subscription's colour is the customer badge's (subscription-state.ts). */
const INVOICE_VARIANT: Record<string, "green" | "yellow" | "grey"> = { paid: "green", open: "yellow" };

const INVOICE_COLUMNS = [
  ["Date", "left"],
  ["Description", "left"],
  ["Amount", "right"],
  ["Status", "right"],
] as const;

/** One titled card of the portal. */
function PortalCard({ title, contentClassName, children }: { title: string; contentClassName?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

async function SandboxPortalPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requirePermission("billing.manage", { returnTo: "/sandbox/portal", notice: { title: "Authentication Required", description: "Please log in to access billing portal" } });
  if (!access.ok) return access.element;
  const data = await sandboxPortalData(access.account.id);
  if (!data) notFound();
  const params = await searchParams;
  const back = safeReturnUrl(typeof params.return_url === "string" ? params.return_url : undefined);

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="space-y-2">
        <Link href={back} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          ← Return to billing
        </Link>
        <h1 className="text-3xl font-bold text-slate-900">Customer portal</h1>
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Test mode — this portal belongs to the sandbox payment provider. No real card is charged.
        </p>
      </div>

      <PortalCard title="Payment method" contentClassName="space-y-4">
        {data.card ? (
          <p className="text-slate-800">
            <span className="font-semibold capitalize">{data.card.brand}</span> ending in {data.card.last4}, expires {String(data.card.expMonth).padStart(2, "0")}/{data.card.expYear}
          </p>
        ) : (
          <p className="text-slate-700">No card on file.</p>
        )}
        <UpdateCardPanel hasCard={Boolean(data.card)} />
      </PortalCard>

      <PortalCard title="Subscriptions">
        {data.subscriptions.length === 0 ? (
          <p className="text-slate-700">No subscriptions.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.subscriptions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold text-slate-900">
                    {s.planName} plan ({s.billing})
                  </p>
                  <p className="text-sm text-slate-700">
                    {s.status === "cancelled"
                      ? "Ended"
                      : s.status === "past_due"
                        ? "Payment failed: saving a new card pays the open invoice."
                        : s.cancelAtPeriodEnd
                          ? `Cancels ${fmtDate(s.currentPeriodEnd)}`
                          : s.status === "trialing"
                            ? `Trial ends ${fmtDate(s.trialEnd)}`
                            : `Renews ${fmtDate(s.currentPeriodEnd)}`}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <Badge variant={statusBadge(s.status).variant}>{s.status}</Badge>
                  {s.status !== "cancelled" && !s.cancelAtPeriodEnd ? (
                    <CancelAtPeriodEndButton subscriptionId={s.id} planName={s.planName} />
                  ) : s.status !== "cancelled" ? (
                    <RenewSubscriptionButton subscriptionId={s.id} planName={s.planName} />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PortalCard>

      <PortalCard title="Invoices">
        {data.invoices.length === 0 ? (
          <p className="text-slate-700">No invoices yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <ColumnHeaders columns={INVOICE_COLUMNS} />
            <tbody>
              {data.invoices.map((inv) => (
                <tr key={inv.id} className="border-b border-slate-100">
                  <td className="py-2">{fmtDate(inv.date)}</td>
                  <td className="py-2">
                    {inv.invoiceUrl ? (
                      <a href={inv.invoiceUrl} className="text-brand-700 underline-offset-4 hover:underline">
                        {inv.description}
                      </a>
                    ) : (
                      inv.description
                    )}
                  </td>
                  <td className="py-2 text-right">{formatCents(inv.amount)}</td>
                  <td className="py-2 text-right">
                    <Badge variant={INVOICE_VARIANT[inv.status] ?? "grey"}>{inv.status}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PortalCard>
      <p className="text-xs text-slate-600">Sandbox time: {fmtDate(data.now)}</p>
    </div>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(SandboxPortalPage);

"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/lib/ui/badge";
import { ListShell } from "@/lib/ui/list-shell";
import { errorMessage } from "@/lib/api-client";
import { formatCents } from "@/features/plans/catalogue";
import { overageStatusBadge, type OverageEntryView } from "../overage.schema";
import { formatDate } from "@/features/usage/components/admin-client";

/** The query key of a subscription's overage entries (the History tab; invalidated after a submit). */
export function historyKey(subscriptionId: string) {
  return ["/api/admin/overage-entries/subscription", subscriptionId] as const;
}

/**
 * The History tab: the subscription's overage entries, newest first, with
 * their status badge (pending amber, failed red; once invoiced, the invoice's
 * state: open blue, paid green, payment failed red, void grey).
 */
export function OverageHistory({ subscriptionId }: { subscriptionId: string }) {
  const history = useQuery<OverageEntryView[]>({ queryKey: [...historyKey(subscriptionId)] });
  const data = history.data ?? [];
  return (
    <ListShell query={history} count={data.length} loading="Loading history" error={errorMessage(history.error, "Failed to load overage history")} empty="No overage charges yet.">
      <ul className="space-y-2" aria-label="Overage history">
        {data.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm">
            <div>
              <p className="font-medium">
                {formatDate(e.periodStart)} – {formatDate(e.periodEnd)} · {formatCents(e.totalAmount)}
              </p>
              <p className="text-xs text-slate-600">
                {e.lineItems.length} line item{e.lineItems.length === 1 ? "" : "s"} · {e.billNow ? "Bill now" : "Next invoice"} · created {formatDate(e.createdAt)}
              </p>
            </div>
            <div className="flex items-center gap-3">
              {e.stripeInvoiceUrl ? (
                <a href={e.stripeInvoiceUrl} target="_blank" rel="noreferrer" className="text-brand-700 underline-offset-4 hover:underline">
                  View invoice<span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
              <Badge variant={overageStatusBadge(e).variant} data-status={e.status}>
                {overageStatusBadge(e).label}
              </Badge>
            </div>
          </li>
        ))}
      </ul>
    </ListShell>
  );
}

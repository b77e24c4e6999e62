"use client";
import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { LoadFailed } from "@/lib/ui/form-alert";
import { toast } from "@/lib/ui/toaster";
import type { DeliveryView } from "../endpoint.schema";
import { DELIVERY_STATUS_LABELS, lastAnswer, lastAttempt } from "./endpoint-status";
import { deliveriesKey, webhooksApi } from "./webhooks-client";
import { StackedTableHead } from "@/lib/ui/stacked-table-head";

const STATUS_BADGE = { pending: "amber", succeeded: "green", failed: "red" } as const;

/**
 * An endpoint's "Deliveries" table, newest first, a page at a time ("Older",
 * "Newest"): the event, its status, attempts, the last answer (with the first
 * 2 KB of it) and when it happened, with "Resend" per row.
 */
export function DeliveriesTable({ endpointId, timeZone }: { endpointId: string; timeZone: string }) {
  // The cursors of the pages before this one; the last is this page's.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useQuery({
    queryKey: deliveriesKey(endpointId, cursor),
    queryFn: ({ signal }) => webhooksApi.deliveries(endpointId, cursor, signal),
    placeholderData: keepPreviousData,
    meta: { unauthorized: LOGGED_OUT },
  });

  if (page.isPending) return <p className="text-sm text-slate-700">Loading deliveries...</p>;
  if (page.isError) return <LoadFailed onRetry={() => void page.refetch()}>The deliveries could not be loaded.</LoadFailed>;

  const { items, nextCursor } = page.data;
  return (
    <div>
      {items.length === 0 ? (
        <div>
          <h4 className="text-base font-semibold text-slate-900">Deliveries</h4>
          <p className="mt-1 text-sm text-slate-700">
            {cursors.length > 1 ? "No older deliveries." : "Nothing sent yet. Events appear here as they are delivered; send a test event to try the endpoint."}
          </p>
        </div>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left text-base font-semibold text-slate-900">Deliveries</caption>
          <StackedTableHead columns={["Event", "Status", "Attempts", "Last answer", "Time", { hidden: "Actions" }]} gap="pr-3" />
          <tbody>
            {items.map((d) => (
              <DeliveryRow key={d.id} delivery={d} endpointId={endpointId} timeZone={timeZone} />
            ))}
          </tbody>
        </table>
      )}
      {cursors.length > 1 || nextCursor ? (
        <div className="mt-3 flex justify-between gap-3">
          {cursors.length > 1 ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setCursors([null])}>
              Newest
            </Button>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Button type="button" variant="outline" size="sm" disabled={page.isFetching} onClick={() => setCursors((list) => [...list, nextCursor])}>
              Older
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Cell({ label, children, last = false }: { label: string; children: React.ReactNode; last?: boolean }) {
  return (
    <td className={`flex gap-2 py-0.5 md:table-cell md:py-2 ${last ? "" : "md:pr-3"}`}>
      <span className="w-28 shrink-0 font-medium text-slate-700 md:hidden" aria-hidden>
        {label}
      </span>
      <span className="min-w-0">{children}</span>
    </td>
  );
}

function DeliveryRow({ delivery, endpointId, timeZone }: { delivery: DeliveryView; endpointId: string; timeZone: string }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => webhooksApi.resend(delivery.id),
    onSuccess: async () => {
      toast({ title: "Event resent", description: `${delivery.eventType} was sent again with the same webhook-id.` });
      await queryClient.invalidateQueries({ queryKey: ["/api/webhook-endpoints", endpointId, "deliveries"] });
    },
    onError: (err) => toast({ title: "Could not resend the event", description: errorMessage(err, "Please try again."), variant: "destructive" }),
    meta: { unauthorized: LOGGED_OUT },
  });
  const attempt = lastAttempt(delivery);
  const answer = lastAnswer(delivery);
  return (
    <tr className="block border-b border-slate-200 py-2 md:table-row md:py-0">
      <Cell label="Event">
        <span className="font-mono text-slate-900">{delivery.eventType}</span>
      </Cell>
      <Cell label="Status">
        <Badge variant={STATUS_BADGE[delivery.status]}>{DELIVERY_STATUS_LABELS[delivery.status]}</Badge>
        {delivery.status === "pending" && delivery.nextAttemptAt ? <span className="block text-xs text-slate-700">Next try {formatDateTime(delivery.nextAttemptAt, { timeZone })}</span> : null}
      </Cell>
      <Cell label="Attempts">{delivery.attempts}</Cell>
      <Cell label="Last answer">
        {attempt?.response ? (
          <details>
            <summary className="cursor-pointer rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">{answer}</summary>
            <pre tabIndex={0} className="mt-1 max-h-48 max-w-[min(28rem,80vw)] overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs text-slate-900">
              {attempt.response}
            </pre>
          </details>
        ) : (
          answer
        )}
      </Cell>
      <Cell label="Time">
        <time dateTime={delivery.createdAt} className="whitespace-nowrap text-slate-700">
          {formatDateTime(delivery.createdAt, { timeZone })}
        </time>
      </Cell>
      <td className="pt-1 md:table-cell md:py-2 md:text-right">
        <Button type="button" size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
          Resend
        </Button>
      </td>
    </tr>
  );
}

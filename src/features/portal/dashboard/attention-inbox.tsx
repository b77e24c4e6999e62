"use client";
import * as React from "react";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { CheckCircle2, Inbox, PhoneCall } from "lucide-react";
import { api, apiPath, errorMessage } from "@/lib/api-client";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { formatDateTime } from "@/lib/format";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/lib/ui/card";
import { REASON_LABEL, type AttentionItem, type AttentionResponse } from "@/features/interactions/attention";

/** The queries a Handled mark changes: the inbox itself and the call log's "Needs follow-up". */
const AFFECTED = ["/api/attention", "/api/interactions"];

/** 'a caller' when the number is unknown. */
function who(item: AttentionItem): string {
  return item.callBackDisplay ?? item.callBack ?? (item.direction === "inbound" ? "an unknown caller" : "an unknown number");
}

/**
 * The dashboard's "needs attention" inbox (issue 23, ADR 0115): what needs
 * the owner now, newest first. Each item links to its call, calls the caller
 * back, and takes a Handled mark every member of the account sees, with who
 * and when, and an Undo.
 */
export function AttentionInbox({ data, timeZone }: { data: AttentionResponse | undefined; timeZone: string }) {
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => (handled ? api.put(apiPath`/api/interactions/${id}/handled`) : api.delete(apiPath`/api/interactions/${id}/handled`)),
    meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/dashboard" } },
    onSuccess: async () => {
      await Promise.all(AFFECTED.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      // The pressed button is gone with its item: keyboard focus goes back to the inbox.
      headingRef.current?.focus();
    },
  });
  const open = data?.items ?? [];
  const handled = data?.handled ?? [];
  return (
    <Card className="mt-8" data-testid="attention-inbox">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold leading-tight outline-none">
            Needs attention{data ? ` (${data.openCount})` : ""}
          </h2>
          <Link href="/calls?needsFollowUp=true" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            All calls needing follow-up
          </Link>
        </div>
        <CardDescription>Missed calls, voicemails, appointment requests, urgent and transferred calls, and spam reports waiting for review.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {mark.error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
            {errorMessage(mark.error, "The call could not be marked. Please try again.")}
          </p>
        ) : null}
        {!data ? (
          <p className="text-slate-700">Loading what needs attention...</p>
        ) : open.length === 0 ? (
          <p className="flex items-center gap-2 text-slate-700">
            <Inbox className="size-5 text-brand-700" aria-hidden />
            Nothing needs your attention right now.
          </p>
        ) : (
          <ul aria-label="Needs attention" className="flex flex-col divide-y divide-slate-100">
            {open.map((item) => (
              <AttentionRow key={item.id} item={item} timeZone={timeZone}>
                <Button size="sm" onClick={() => mark.mutate({ id: item.id, handled: true })} disabled={mark.isPending}>
                  <CheckCircle2 aria-hidden />
                  Mark handled<span className="sr-only">: {describe(item, timeZone)}</span>
                </Button>
              </AttentionRow>
            ))}
          </ul>
        )}
        {handled.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Recently handled</h3>
            <ul aria-label="Recently handled" className="mt-1 flex flex-col divide-y divide-slate-100">
              {handled.map((item) => (
                <AttentionRow key={item.id} item={item} timeZone={timeZone}>
                  <Button size="sm" variant="outline" onClick={() => mark.mutate({ id: item.id, handled: false })} disabled={mark.isPending}>
                    Undo<span className="sr-only"> handled: {describe(item, timeZone)}</span>
                  </Button>
                </AttentionRow>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Missed call from +14155550123, Nov 26, 2026 09:14': what a screen reader hears with each button. */
function describe(item: AttentionItem, timeZone: string): string {
  return `${REASON_LABEL[item.reason]} from ${who(item)}, ${formatDateTime(item.startedAt, { timeZone })}`;
}

function AttentionRow({ item, timeZone, children }: { item: AttentionItem; timeZone: string; children: React.ReactNode }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="attention-item">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-1.5">
          {item.reasons.map((r) => (
            <Badge key={r} variant={r === "urgent" || r === "missed_call" ? "red" : r === "spam_review" ? "grey" : "yellow"}>
              {REASON_LABEL[r]}
            </Badge>
          ))}
        </div>
        <p className="mt-1 text-sm text-slate-900">
          <span className="font-medium">{item.callBackDisplay ?? item.callBack ?? "Unknown number"}</span>
          {" · "}
          <time dateTime={item.startedAt}>{formatDateTime(item.startedAt, { timeZone })}</time>
          {item.aiEmployeeName ? ` · ${item.aiEmployeeName}` : ""}
        </p>
        {item.summary && <p className="mt-0.5 break-words text-sm text-slate-700">{item.summary}</p>}
        {item.handled && (
          <p className="mt-0.5 text-xs text-slate-600" data-testid="handled-by">
            Handled by {item.handled.by}, <time dateTime={item.handled.at}>{formatDistanceToNow(new Date(item.handled.at), { addSuffix: true })}</time>
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Button asChild size="sm" variant="outline">
          <Link href={`/calls/${encodeURIComponent(item.id)}`}>
            View call<span className="sr-only">: {describe(item, timeZone)}</span>
          </Link>
        </Button>
        {item.callBackHref && (
          <Button asChild size="sm" variant="outline">
            <a href={item.callBackHref}>
              <PhoneCall aria-hidden />
              Call back<span className="sr-only"> {item.callBackDisplay ?? item.callBack}</span>
            </a>
          </Button>
        )}
        {children}
      </div>
    </li>
  );
}

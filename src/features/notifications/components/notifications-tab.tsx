"use client";
import * as React from "react";
import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { AlertTriangle, Bell, CalendarCheck, CheckCircle2, Mail, PartyPopper, XCircle, type LucideIcon } from "lucide-react";
import { api, apiPath } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { SectionCard } from "@/lib/ui/card";
import { usePagedList, useSearchText } from "@/lib/paged-list";
import { ListShell } from "@/lib/ui/list-shell";
import { cn } from "@/lib/ui/cn";
import { showAdminError } from "@/features/admin-errors/use-admin-errors";
import type { NotificationView } from "../notifications.server";

const KEY = ["/api/admin/notifications"] as const;

/** Type styling (spec 4): the three subscription events stand out; leads and messages have their own look. */
const TYPE_STYLE: Record<string, { label: string; icon: LucideIcon; box: string; icon_: string }> = {
  trial_started: { label: "Trial started", icon: PartyPopper, box: "border-green-300 bg-green-50", icon_: "bg-green-100 text-green-800" },
  subscription_cancelled: { label: "Subscription cancelled", icon: XCircle, box: "border-red-300 bg-red-50", icon_: "bg-red-100 text-red-800" },
  subscription_past_due: { label: "Payment past due", icon: AlertTriangle, box: "border-amber-300 bg-amber-50", icon_: "bg-amber-100 text-amber-900" },
  demo_lead: { label: "Demo lead", icon: CalendarCheck, box: "border-blue-200 bg-white", icon_: "bg-blue-100 text-blue-800" },
  retell_event_refused: { label: "Retell call not stored", icon: AlertTriangle, box: "border-amber-300 bg-amber-50", icon_: "bg-amber-100 text-amber-900" },
  contact_message: { label: "Contact message", icon: Mail, box: "border-violet-200 bg-white", icon_: "bg-violet-100 text-violet-800" },
};
const DEFAULT_STYLE = { label: "Notification", icon: Bell, box: "border-slate-200 bg-white", icon_: "bg-slate-100 text-slate-700" };

function PriorityBadge({ priority }: { priority: string }) {
  const variant = priority === "urgent" ? "red" : priority === "high" ? "amber" : priority === "low" ? "grey" : "blue";
  const label = priority.charAt(0).toUpperCase() + priority.slice(1);
  return <Badge variant={variant}>{label} priority</Badge>;
}

/** Notifications tab: newest first, with 'Mark Read'. */
export function NotificationsTab() {
  const queryClient = useQueryClient();
  const { text, setText, q } = useSearchText();
  const [unreadOnly, setUnreadOnly] = React.useState(false);
  // One page at a time, unread first, then newest (ADR 0096).
  const list = usePagedList<NotificationView>(KEY[0], { q: q || undefined, unread: unreadOnly ? "true" : undefined });
  const markRead = useMutation({
    mutationFn: (id: string) => api.put<NotificationView>(apiPath`/api/admin/notifications/${id}/read`),
    onSuccess: (updated) => {
      // Updated in place (it moves below the unread ones on the next load).
      queryClient.setQueriesData<InfiniteData<{ items: NotificationView[]; next: string | null }>>({ queryKey: KEY }, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.map((n) => (n.id === updated.id ? updated : n)) })) } : old,
      );
    },
    onError: (error) => showAdminError(error, "Failed to mark notification as read"),
  });
  const unread = list.items.filter((n) => !n.isRead).length;
  // Unread come first: the count is complete once a read one is loaded or no page is left; otherwise there are more.
  const unreadText = !list.hasNextPage || list.items.at(-1)?.isRead ? `${unread}` : `${unread}+`;

  return (
    <SectionCard title="Notifications" description={`Trials, cancellations, failed payments, demo leads and contact messages, unread first, then newest.${list.data ? ` ${unreadText} unread.` : ""}`}>
      <ListShell
        query={list}
        count={list.items.length}
        searchLabel="Search notifications"
        searchClassName="sm:grid-cols-[minmax(16rem,1fr)_auto] sm:items-end"
        search={{ id: "notifications-search", label: "Search", placeholder: "Title or message", value: text, onChange: setText }}
        filters={
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} /> Unread only
          </label>
        }
        loading="Loading notifications"
        error="Unable to load notifications."
        empty={q || unreadOnly ? "No notifications match." : "No notifications yet."}
      >
        <ul className="space-y-3" data-testid="admin-notifications-list">
          {list.items.map((n) => {
            const style = TYPE_STYLE[n.type] ?? DEFAULT_STYLE;
            const Icon = style.icon;
            const titleId = `notification-${n.id}-title`;
            return (
              <li key={n.id} data-testid="notification" data-type={n.type} className={cn("flex gap-4 rounded-lg border p-4", style.box, n.isRead && "opacity-80")}>
                <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-full", style.icon_)}>
                  <Icon className="size-5" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 id={titleId} className={cn("text-base text-slate-900", n.isRead ? "font-medium" : "font-semibold")}>
                      {n.title}
                    </h3>
                    {!n.isRead ? <Badge variant="default">New</Badge> : null}
                    <PriorityBadge priority={n.priority} />
                    <Badge variant="outline">{style.label}</Badge>
                  </div>
                  <p className="mt-1 break-words text-sm text-slate-800">{n.message}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    <time dateTime={n.createdAt} title={formatDateTime(n.createdAt, { seconds: true })}>
                      {formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}
                    </time>
                  </p>
                </div>
                <div className="shrink-0 self-center">
                  {n.isRead ? (
                    <span className="flex items-center gap-1 text-sm text-slate-700">
                      <CheckCircle2 className="size-4" aria-hidden /> Read
                    </span>
                  ) : (
                    <Button variant="outline" size="sm" aria-describedby={titleId} disabled={markRead.isPending && markRead.variables === n.id} onClick={() => markRead.mutate(n.id)}>
                      Mark Read
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </ListShell>
    </SectionCard>
  );
}

"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Gauge, X } from "lucide-react";
import { api, apiPath, getQueryFn } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import type { CustomerNotice } from "../customer-notice";

const KEY = ["/api/notices"];

/**
 * The customer's unread in-app notices (issue 13: the 80% and 100% usage
 * alerts), above the dashboard. Dismissing one marks it read on the server, so
 * it stays gone on every device; nothing shows while there is none.
 */
export function NoticeStrip() {
  const queryClient = useQueryClient();
  const { data } = useQuery<{ notices: CustomerNotice[] }>({ queryKey: KEY, queryFn: getQueryFn({ on401: "returnNull" }) });
  const dismiss = useMutation({
    mutationFn: (id: string) => api.put(apiPath`/api/notices/${id}/read`),
    onMutate: (id) => {
      // Keyboard focus goes to the next notice's button, else to the page heading, not to the page's top.
      const buttons = [...document.querySelectorAll<HTMLButtonElement>("[data-dismiss-notice]")];
      const next = buttons[buttons.findIndex((b) => b.dataset.dismissNotice === id) + 1] ?? buttons.find((b) => b.dataset.dismissNotice !== id);
      const heading = document.querySelector<HTMLElement>("main h1");
      if (next) next.focus();
      else if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
      queryClient.setQueryData<{ notices: CustomerNotice[] }>(KEY, (old) => old && { notices: old.notices.filter((n) => n.id !== id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const notices = data?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <ul className="mt-6 flex flex-col gap-3" aria-label="Notices">
      {notices.map((n) => (
        <li key={n.id} className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950" data-testid="customer-notice">
          <Gauge className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{n.title}</p>
            <p className="text-sm">{n.message}</p>
          </div>
          <Button variant="ghost" size="icon" className="shrink-0 text-amber-950 hover:bg-amber-100" aria-label={`Dismiss: ${n.title}`} data-dismiss-notice={n.id} onClick={() => dismiss.mutate(n.id)}>
            <X className="size-4" aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}

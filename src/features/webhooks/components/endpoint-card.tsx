"use client";
import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { Switch } from "@/lib/ui/switch";
import { toast } from "@/lib/ui/toaster";
import type { EndpointView, SecretRotated } from "../endpoint.schema";
import { DeliveriesTable } from "./deliveries-table";
import { DeleteEndpointButton, RotateSecretButton, SendTestEvent } from "./endpoint-actions";
import { EndpointForm } from "./endpoint-form";
import { disabledNote, failingNote } from "./endpoint-status";
import { ENDPOINTS_KEY, webhooksApi, type EndpointFields, type EndpointList } from "./webhooks-client";

/**
 * One endpoint: its URL, description and event types, the "Enabled" switch,
 * why the product turned it off or since when it fails, its actions and its
 * deliveries.
 */
export function EndpointCard({ endpoint, timeZone, onRotated, onDeleted }: { endpoint: EndpointView; timeZone: string; onRotated: (r: SecretRotated) => void; onDeleted: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const replace = (next: EndpointView) => queryClient.setQueryData<EndpointList>(ENDPOINTS_KEY, (list) => (list ? { items: list.items.map((e) => (e.id === next.id ? next : e)) } : list));
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => webhooksApi.update(endpoint.id, { enabled }),
    onSuccess: (next) => {
      replace(next);
      toast({ title: next.enabled ? "Endpoint turned on" : "Endpoint turned off", description: next.enabled ? "New events are sent to it again." : "No events are sent to it until you turn it on." });
    },
    onError: (err) => toast({ title: "Could not change the endpoint", description: errorMessage(err, "Please try again."), variant: "destructive" }),
    meta: { unauthorized: LOGGED_OUT },
  });
  const save = async (fields: EndpointFields) => {
    replace(await webhooksApi.update(endpoint.id, fields));
    setEditing(false);
    toast({ title: "Endpoint saved" });
  };

  const off = disabledNote(endpoint);
  const failing = endpoint.enabled ? failingNote(endpoint, timeZone) : null;
  const enabled = toggle.isPending && toggle.variables !== undefined ? toggle.variables : endpoint.enabled;

  return (
    <li>
      <article aria-labelledby={`${id}-url`} className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <h3 id={`${id}-url`} className="break-all font-mono text-base font-semibold text-slate-900">
              {endpoint.url}
            </h3>
            {endpoint.description ? <p className="break-words text-sm text-slate-700">{endpoint.description}</p> : null}
          </div>
          <div className="flex shrink-0 items-center gap-3">
            <Switch id={`${id}-enabled`} checked={enabled} disabled={toggle.isPending} onCheckedChange={(v) => toggle.mutate(v)} aria-describedby={`${id}-url`} />
            <label htmlFor={`${id}-enabled`} className="text-sm font-medium text-slate-800">
              Enabled
            </label>
          </div>
        </div>

        {off || failing ? (
          <p className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${off ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-950"}`}>
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {off ?? failing}
              {off && endpoint.failingSince ? `. ${failingNote(endpoint, timeZone)}.` : off ? ". Turn it on to send events again." : "; deliveries are being retried."}
            </span>
          </p>
        ) : null}

        <div>
          <h4 className="text-sm font-medium text-slate-800">Events</h4>
          <ul className="mt-1 flex flex-wrap gap-2" aria-label="Events sent to this endpoint">
            {endpoint.eventTypes.map((t) => (
              <li key={t} className="rounded-full bg-slate-100 px-2.5 py-0.5 font-mono text-xs text-slate-900">
                {t}
              </li>
            ))}
          </ul>
          {endpoint.previousSecretExpiresAt ? (
            <p className="mt-2 text-sm text-slate-700">The previous signing secret keeps working until {formatDateTime(endpoint.previousSecretExpiresAt, { timeZone })}.</p>
          ) : null}
        </div>

        {editing ? (
          <EndpointForm
            title="Edit endpoint"
            level="h4"
            initial={{ url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes }}
            onSave={save}
            onCancel={() => setEditing(false)}
          />
        ) : null}

        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 lg:flex-row lg:items-end lg:justify-between">
          <SendTestEvent endpoint={endpoint} />
          <div className="flex flex-wrap gap-2">
            {editing ? null : (
              <Button type="button" variant="outline" onClick={() => setEditing(true)}>
                Edit endpoint
              </Button>
            )}
            <RotateSecretButton endpoint={endpoint} onRotated={onRotated} />
            <DeleteEndpointButton endpoint={endpoint} onDeleted={onDeleted} />
          </div>
        </div>

        <div className="border-t border-slate-200 pt-4">
          <DeliveriesTable endpointId={endpoint.id} timeZone={timeZone} />
        </div>
      </article>
    </li>
  );
}

"use client";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, Loader2, TriangleAlert } from "lucide-react";
import { api } from "@/lib/api-client";
import { showApiError } from "@/lib/api-error-toast";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import type { SyncStatus } from "../settings-response";
import { syncText } from "../sync-text";
import { useNow } from "./use-now";

/**
 * Where the voice platform's copy stands: "Live since 10:42", "Updating…"
 * (the page polls meanwhile), or "Could not update: <reason>. Retrying in N
 * min" with "Retry now" for those who may edit.
 */
export function SyncStatusLine({
  apiBase,
  sync,
  displayTimeZone,
  canEdit,
  onSynced,
}: {
  apiBase: string;
  sync: SyncStatus;
  displayTimeZone: string;
  canEdit: boolean;
  onSynced: (sync: SyncStatus) => void;
}) {
  const now = useNow();
  const retry = useMutation({
    mutationFn: () => api.post<SyncStatus>(`${apiBase}/settings/sync`),
    onSuccess: onSynced,
    onError: (error) => showApiError(error, "The update could not be started. Try again in a moment."),
    meta: { unauthorized: LOGGED_OUT },
  });
  const Icon = sync.state === "live" ? CheckCircle2 : sync.state === "updating" ? Loader2 : TriangleAlert;
  const tone = sync.state === "live" ? "text-green-800" : sync.state === "updating" ? "text-slate-700" : "text-red-800";
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
      <p role="status" className={`flex items-center gap-2 text-sm font-medium ${tone}`} data-testid="sync-status">
        <Icon className={`size-4 shrink-0 ${sync.state === "updating" ? "animate-spin" : ""}`} aria-hidden />
        <span>{syncText(sync, displayTimeZone, now)}</span>
      </p>
      {sync.state === "failed" && canEdit ? (
        <Button variant="outline" size="sm" onClick={() => retry.mutate()} disabled={retry.isPending}>
          {retry.isPending ? "Retrying…" : "Retry now"}
        </Button>
      ) : null}
    </div>
  );
}

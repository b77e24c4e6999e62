"use client";
import { useState } from "react";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { hasStatus } from "@/lib/api-client";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { Spinner } from "@/lib/ui/spinner";
import type { SettingsResponse, SyncStatus } from "../settings-response";
import { CallerPreview } from "./caller-preview";
import { MessagesOnlyBanner } from "./messages-only-banner";
import { SettingsEditor } from "./settings-editor";
import { SyncStatusLine } from "./sync-status";
import { TestCall } from "./test-call";
import { VersionHistory } from "./version-history";

/** The settings query's key: its URL (the default query function fetches it). Invalidate it to reload the settings. */
export function settingsQueryKey(apiBase: string): readonly [string] {
  return [`${apiBase}/settings`];
}

/** How often the page asks again while the voice platform is updating. */
const UPDATING_POLL_MS = 2000;

/**
 * One AI employee's settings page, in the portal (`apiBase`
 * /api/ai-employees/{id}) or the admin console (/api/admin/ai-employees/{id}):
 * the heading, the sync line, the messages-only banner, the editor, and beside
 * it what a caller hears, the test call and the history.
 */
export function SettingsPage({ apiBase, area, returnTo }: { apiBase: string; area: "portal" | "admin"; returnTo: string }) {
  const queryClient = useQueryClient();
  const key = settingsQueryKey(apiBase);
  const settings = useQuery<SettingsResponse>({
    queryKey: key,
    // Poll while the platform is updating; stop once it is live or has failed.
    refetchInterval: (query) => (query.state.data?.sync.state === "updating" ? UPDATING_POLL_MS : false),
    meta: { unauthorized: { ...LOGGED_OUT, returnTo } },
  });
  const initial = useVersionSnapshot(settings.data);

  if (settings.isPending || (settings.isError && hasStatus(settings.error, 401))) {
    return (
      <div className="flex items-center gap-2 py-10 text-slate-700">
        <Spinner label="Loading settings" /> Loading settings...
      </div>
    );
  }
  if (settings.isError || !initial) {
    const missing = hasStatus(settings.error, 404);
    return (
      <div className="py-10">
        <h1 className="text-3xl font-bold text-slate-900">{missing ? "AI employee not found" : "Settings unavailable"}</h1>
        <p className="mt-2 text-slate-700">{missing ? "It does not exist, or it belongs to another business account." : "The settings could not be loaded. Try again in a moment."}</p>
        {missing ? (
          <p className="mt-4">
            <Link href={area === "admin" ? "/admin?tab=ai-ready-orders" : "/ai-employees"} className="font-medium text-brand-700 underline underline-offset-2">
              {area === "admin" ? "Back to the AI ready orders" : "Your AI employees"}
            </Link>
          </p>
        ) : (
          <Button className="mt-4" variant="outline" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        )}
      </div>
    );
  }

  const data = settings.data ?? initial;
  const replace = (next: SettingsResponse) => queryClient.setQueryData(key, next);
  const setSync = (sync: SyncStatus) => queryClient.setQueryData<SettingsResponse>(key, (old) => (old ? { ...old, sync } : old));
  return (
    <div>
      <h1 className="text-3xl font-bold text-slate-900 [overflow-wrap:anywhere]">{data.aiEmployee.name} settings</h1>
      <p className="mt-1 text-slate-700">
        What {data.aiEmployee.name} says and does on calls{area === "admin" && data.aiEmployee.accountName ? ` for ${data.aiEmployee.accountName}` : ""}. Each save is a new version, sent to the voice
        platform at once.
      </p>
      <SyncStatusLine apiBase={apiBase} sync={data.sync} displayTimeZone={data.displayTimeZone} canEdit={data.canEdit} onSynced={setSync} />
      <MessagesOnlyBanner spendMode={data.spendMode} displayTimeZone={data.displayTimeZone} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          {/* The editor resets itself to a newer `initial` (a restore); it says when it is read-only. */}
          <SettingsEditor apiBase={apiBase} initial={initial} onSaved={replace} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CallerPreview key={data.version} apiBase={apiBase} timeZone={data.settings.timeZone} />
          <TestCall phoneNumber={data.aiEmployee.phoneNumber} testers={area === "portal"} canEdit={data.canEdit} />
          <VersionHistory apiBase={apiBase} current={data} displayTimeZone={data.displayTimeZone} canEdit={data.canEdit} onRestored={replace} />
        </div>
      </div>
    </div>
  );
}

/**
 * The settings as they were when their version was first seen: the polling of
 * the sync state answers new objects of the same version, which must not
 * restart the form.
 */
function useVersionSnapshot(data: SettingsResponse | undefined): SettingsResponse | undefined {
  const [held, setHeld] = useState(data);
  if (data && (held?.version !== data.version || held.aiEmployee.id !== data.aiEmployee.id)) {
    setHeld(data);
    return data;
  }
  return held;
}

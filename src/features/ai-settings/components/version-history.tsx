"use client";
import { useId, useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { showApiError } from "@/lib/api-error-toast";
import { formatDateTime } from "@/lib/format";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { LoadFailed } from "@/lib/ui/form-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { ConfirmDialog } from "@/lib/ui/confirm-dialog";
import { toast } from "@/lib/ui/toaster";
import { SETTINGS_KEY_LABELS, type SettingsDocument } from "../settings.schema";
import { diffSettings } from "../settings-diff";
import type { SettingsResponse, SettingsVersion, VersionAuthor, VersionsResponse } from "../settings-response";

/** How the history names who saved a version: operator admins as "operator". */
export function authorName(author: VersionAuthor): string {
  return author.kind === "operator" ? "operator" : author.name;
}

/**
 * The settings' history, newest first: who saved each version and when, what
 * it changed, a readable comparison with the current settings, and "Restore"
 * (a new version with the old settings) for those who may edit.
 */
export function VersionHistory({
  apiBase,
  current,
  displayTimeZone,
  canEdit,
  onRestored,
}: {
  apiBase: string;
  current: SettingsResponse;
  displayTimeZone: string;
  canEdit: boolean;
  onRestored: (restored: SettingsResponse) => void;
}) {
  const versions = useQuery({
    queryKey: ["ai-settings-versions", apiBase, current.version],
    queryFn: ({ signal }) => api.get<VersionsResponse>(`${apiBase}/settings/versions`, { signal }),
    meta: { unauthorized: LOGGED_OUT },
  });
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = useMutation({
    mutationFn: (version: number) => api.post<SettingsResponse>(`${apiBase}/settings/versions/${version}/restore`, { baseVersion: current.version }),
    onSuccess: (restored, version) => {
      setRestoring(null);
      toast({ title: `Version ${version} restored as version ${restored.version}` });
      onRestored(restored);
    },
    onError: (error) => {
      setRestoring(null);
      showApiError(error, "The version could not be restored.");
    },
    meta: { unauthorized: LOGGED_OUT },
  });
  const id = useId();
  const list = versions.data?.versions ?? [];
  const currentDoc = list.find((v) => v.version === current.version)?.settings ?? current.settings;
  return (
    <Card>
      <section aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle as="h2" id={`${id}-title`}>
            History
          </CardTitle>
          <CardDescription>Every saved version, newest first. Restoring one saves its settings as a new version.</CardDescription>
        </CardHeader>
        <CardContent>
          {versions.isPending ? (
            <p className="text-sm text-slate-700">Loading history...</p>
          ) : versions.isError ? (
            <LoadFailed onRetry={() => void versions.refetch()}>The history could not be loaded.</LoadFailed>
          ) : (
            <ol className="flex flex-col divide-y divide-slate-100" aria-label="Versions">
              {list.map((v) => (
                <VersionItem
                  key={v.version}
                  entry={v}
                  isCurrent={v.version === current.version}
                  currentDoc={currentDoc}
                  displayTimeZone={displayTimeZone}
                  canEdit={canEdit}
                  onRestore={() => setRestoring(v.version)}
                />
              ))}
            </ol>
          )}
        </CardContent>
      </section>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && !restore.isPending && setRestoring(null)}
        title={`Restore version ${restoring}?`}
        description="Its settings are saved as a new version and sent to the voice platform. The current settings stay in the history."
        confirm="Restore"
        busyLabel="Restoring…"
        busy={restore.isPending}
        onConfirm={() => restoring !== null && restore.mutate(restoring)}
      />
    </Card>
  );
}

function VersionItem({
  entry,
  isCurrent,
  currentDoc,
  displayTimeZone,
  canEdit,
  onRestore,
}: {
  entry: SettingsVersion;
  isCurrent: boolean;
  currentDoc: SettingsDocument;
  displayTimeZone: string;
  canEdit: boolean;
  onRestore: () => void;
}) {
  const [comparing, setComparing] = useState(false);
  const diffId = `version-${entry.version}-diff`;
  const changed = entry.changed.map((k) => SETTINGS_KEY_LABELS[k]).filter(Boolean);
  return (
    <li className="py-3" data-testid="settings-version">
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
        <span>
          Version {entry.version} · {authorName(entry.author)} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, { timeZone: displayTimeZone })}</time>
        </span>
        {isCurrent ? <Badge variant="green">Current</Badge> : null}
      </p>
      {entry.restoredFrom !== null ? <p className="mt-1 text-sm text-slate-700">Restored from version {entry.restoredFrom}</p> : null}
      {changed.length > 0 ? <p className="mt-1 text-sm text-slate-700">Changed: {changed.join(", ")}</p> : null}
      {!isCurrent ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" aria-expanded={comparing} aria-controls={diffId} onClick={() => setComparing((c) => !c)}>
            Compare version {entry.version} with current
          </Button>
          {canEdit ? (
            <Button variant="outline" size="sm" onClick={onRestore}>
              Restore version {entry.version}
            </Button>
          ) : null}
        </div>
      ) : null}
      {!isCurrent ? (
        <div id={diffId} hidden={!comparing}>
          {comparing ? <VersionDiff from={entry} currentDoc={currentDoc} /> : null}
        </div>
      ) : null}
    </li>
  );
}

function VersionDiff({ from, currentDoc }: { from: SettingsVersion; currentDoc: SettingsDocument }) {
  const sections = diffSettings(from.settings, currentDoc);
  if (sections.length === 0) return <p className="mt-2 rounded-md bg-slate-50 p-3 text-sm text-slate-800">Version {from.version} and the current settings are the same.</p>;
  return (
    <div className="mt-2 rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="settings-diff">
      <p className="font-medium text-slate-900">From version {from.version} to the current settings:</p>
      <ul className="mt-2 flex flex-col gap-2">
        {sections.map((s) => (
          <li key={s.key}>
            <p className="font-medium text-slate-900">{s.label}</p>
            <ul className="mt-1 list-disc pl-5 [overflow-wrap:anywhere]">
              {s.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

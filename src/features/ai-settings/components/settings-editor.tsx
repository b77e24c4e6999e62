// PLACEHOLDER (helper E owns this file)
"use client";
import type { SettingsResponse } from "../settings-response";

/** The settings form (helper E): edits `initial`, PUTs to `${apiBase}/settings`, calls `onSaved` with the new version. */
export function SettingsEditor({ apiBase, initial, onSaved }: { apiBase: string; initial: SettingsResponse; onSaved: (saved: SettingsResponse) => void }) {
  void apiBase;
  void onSaved;
  return <p className="text-sm text-slate-700">The settings form of {initial.aiEmployee.name} (version {initial.version}) goes here.</p>;
}

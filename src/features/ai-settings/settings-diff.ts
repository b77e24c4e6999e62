import { SETTINGS_KEYS, type SettingsDocument, type SettingsKey } from "./settings.schema";

/**
 * TEMPORARY (helper C's stand-in; helper A owns this file and replaces it,
 * keeping the signature): the top-level keys whose values differ.
 */
export function changedKeys(a: SettingsDocument, b: SettingsDocument): SettingsKey[] {
  return SETTINGS_KEYS.filter((k) => canonical(a[k]) !== canonical(b[k]));
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y))) : v,
  );
}

// PLACEHOLDER (helper A owns this file): the signature the history's "Compare" uses.
import { SETTINGS_KEYS, SETTINGS_KEY_LABELS, type SettingsDocument, type SettingsKey } from "./settings.schema";

/** The readable difference between two settings documents, one entry per changed top-level key. */
export function diffSettings(a: SettingsDocument, b: SettingsDocument): { key: SettingsKey; label: string; lines: string[] }[] {
  return SETTINGS_KEYS.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).map((key) => ({
    key,
    label: SETTINGS_KEY_LABELS[key],
    lines: [`Before: ${JSON.stringify(a[key])}`, `After: ${JSON.stringify(b[key])}`],
  }));
}

import type { SettingsDocument } from "./settings.schema";

/** A document as stored in a version: the booking key and its mask removed (the key lives encrypted on the settings row). */
export function storedDocument(doc: SettingsDocument): SettingsDocument {
  const { apiKey: _key, apiKeyMasked: _masked, ...booking } = doc.booking;
  void _key;
  void _masked;
  return { ...doc, booking };
}

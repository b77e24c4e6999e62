"use client";
import { CheckboxField, SettingsSection, TextField } from "./fields";

/** The recording announcement and two-party consent. */
export function RecordingSection() {
  return (
    <SettingsSection id="settings-recording" title="Recording and consent">
      <TextField name="recording.announcement" label="Recording announcement" multiline rows={2} maxLength={500} hint="Played at the start of every call. Leave it empty to play nothing." />
      <CheckboxField
        name="recording.twoPartyConsent"
        label="Ask for consent before recording (two-party consent)"
        hint={'Callers are asked whether they agree; on "no" the call continues without recording.'}
      />
    </SettingsSection>
  );
}

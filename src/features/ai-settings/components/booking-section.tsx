"use client";
import { CheckboxField, SettingsSection, TextField } from "./fields";

/** Cal.com booking: on/off, the event type, and a write-only API key (empty keeps the stored one). */
export function BookingSection({ maskedKey }: { maskedKey: string | null }) {
  return (
    <SettingsSection id="settings-booking" title="Appointment booking" description="With Cal.com connected, the AI employee checks availability and books appointments during calls.">
      <CheckboxField name="booking.enabled" label="Book appointments with Cal.com" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="booking.eventTypeId" label="Cal.com event type ID" inputMode="numeric" maxLength={12} hint="The number in the event type's address in Cal.com." />
        <TextField
          name="booking.apiKey"
          label="Cal.com API key"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          placeholder={maskedKey ?? undefined}
          hint={maskedKey ? "Leave empty to keep the stored key" : "Needed to turn booking on. Stored encrypted and never shown again."}
        />
      </div>
    </SettingsSection>
  );
}

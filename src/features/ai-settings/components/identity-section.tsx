"use client";
import { useSyncExternalStore } from "react";
import { useWatch } from "react-hook-form";
import { LANGUAGES } from "../settings.schema";
import { SelectField, SettingsSection, TextField } from "./fields";
import type { SettingsFormValues } from "./settings-form";

const NO_ZONES: string[] = [];
let zones: string[] | null = null;
/** The browser's IANA zones; none while rendering on the server (the current zone is always listed). */
const browserZones = () => (zones ??= typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : NO_ZONES);
const subscribe = () => () => {};

function useZoneOptions(current: string): { value: string; label: string }[] {
  const list = useSyncExternalStore(subscribe, browserZones, () => NO_ZONES);
  const all = list.includes(current) || !current ? list : [current, ...list];
  return (all.length ? all : [current]).map((z) => ({ value: z, label: z.replaceAll("_", " ") }));
}

/** Name, greeting, business description, language and time zone. */
export function IdentitySection() {
  const timeZone = useWatch<SettingsFormValues, "timeZone">({ name: "timeZone" });
  const zoneOptions = useZoneOptions(timeZone);
  return (
    <SettingsSection id="settings-identity" title="Identity" description="Who callers talk to, and what it knows about the business.">
      <TextField name="name" label="Name" maxLength={60} hint="The name the AI employee answers with." />
      <TextField name="greeting" label="Greeting" multiline rows={2} maxLength={500} hint="The first sentence callers hear." />
      <TextField name="description" label="Business description" multiline rows={4} maxLength={2000} hint="A short description of the business: what it does, where, and for whom." />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField name="language" label="Language" options={LANGUAGES} />
        <SelectField name="timeZone" label="Time zone" options={zoneOptions} hint="Business hours and closed days are in this time zone." />
      </div>
    </SettingsSection>
  );
}

"use client";
import { RadioGroupField, SettingsSection, TextField } from "./fields";

const ACTIONS = [
  { value: "message", label: "Take a message" },
  { value: "transfer", label: "Transfer to a number" },
  { value: "hours", label: "Tell callers the hours and end the call" },
] as const;

/** What happens when a call comes in while the business is closed; each choice has its own spoken text. */
export function AfterHoursSection() {
  return (
    <SettingsSection id="settings-after-hours" title="After hours" description="What the AI employee does when the business is closed. Each choice has its own text, kept when you switch.">
      <RadioGroupField name="afterHours.action" legend="When closed" options={ACTIONS} />
      <TextField name="afterHours.messageText" label="Message text" multiline rows={2} maxLength={500} hint="Said before taking a message." />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="afterHours.transferNumber" label="Transfer number" type="tel" inputMode="tel" autoComplete="off" placeholder="+1 212 555 0100" hint="Needed to transfer after hours." />
        <TextField name="afterHours.transferText" label="Transfer text" multiline rows={2} maxLength={500} hint="Said before transferring." />
      </div>
      <TextField name="afterHours.hoursText" label="Hours text" multiline rows={2} maxLength={500} hint="Said before ending the call." />
    </SettingsSection>
  );
}

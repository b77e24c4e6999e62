"use client";
import { RadioGroupField, SettingsSection, TextField } from "./fields";

const MODES = [
  { value: "bill_extra", label: "Keep answering and bill extra units", hint: "Calls are answered as usual; extra units are billed at the plan's price." },
  { value: "cap", label: "Allow extra units up to an amount, then take messages only" },
  { value: "messages_at_limit", label: "Take messages only at 100%", hint: "No extra units are used." },
] as const;

/** What happens at the plan's monthly units. */
export function SpendLimitSection() {
  return (
    <SettingsSection
      id="settings-spend-limit"
      title="Spend limit"
      description="In messages-only mode the AI employee takes a message on every call. It answers normally again at the start of the next usage month. You and the account's owners are e-mailed when it switches."
    >
      <RadioGroupField name="spendLimit.mode" legend="At the plan's monthly units" options={MODES} />
      <TextField
        name="spendLimit.capDollars"
        label="Extra units limit ($)"
        inputMode="decimal"
        maxLength={14}
        placeholder="50.00"
        hint="The most to spend on extra units in a month, in dollars, when extra units are allowed up to an amount."
        className="max-w-xs"
      />
    </SettingsSection>
  );
}

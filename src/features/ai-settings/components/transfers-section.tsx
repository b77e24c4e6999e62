"use client";
import { useFieldArray } from "react-hook-form";
import { Plus } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { LIMITS } from "../settings.schema";
import { fieldId, focusSoon, GroupError, SelectField, SettingsSection, TextField, useReadOnly } from "./fields";
import { ItemButtons, OrderedItems } from "./move-buttons";
import type { SettingsFormValues } from "./settings-form";

const ADD_ID = "settings-transferRules-add";
const FALLBACKS = [
  { value: "message", label: "Take a message" },
  { value: "voicemail", label: "Voicemail" },
] as const;
const NEW_NUMBER = { number: "", ringSeconds: "20" };

/** A rule's ordered numbers, each with how long it rings. */
function RuleNumbers({ rule }: { rule: number }) {
  const readOnly = useReadOnly();
  const r = rule + 1;
  const { fields, append, remove, move } = useFieldArray<SettingsFormValues, `transferRules.${number}.numbers`>({ name: `transferRules.${rule}.numbers` });
  const addId = `${fieldId(`transferRules.${rule}.numbers`)}-add`;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-800">Numbers, tried in order</h4>
      <ol className="space-y-2">
        {fields.map((f, j) => (
          <li key={f.id} className="flex items-start gap-2 rounded-md bg-slate-50 p-2">
            <div className="flex min-w-0 flex-1 flex-wrap gap-3">
              <TextField
                name={`transferRules.${rule}.numbers.${j}.number`}
                label={`Rule ${r} number ${j + 1}`}
                visible={`Number ${j + 1}`}
                type="tel"
                inputMode="tel"
                placeholder="+1 212 555 0100"
                className="min-w-44 flex-1"
              />
              <TextField
                name={`transferRules.${rule}.numbers.${j}.ringSeconds`}
                label={`Rule ${r} number ${j + 1} rings (seconds)`}
                visible="Rings (seconds)"
                type="number"
                min={LIMITS.ringSecondsMin}
                max={LIMITS.ringSecondsMax}
                hint={`${LIMITS.ringSecondsMin} to ${LIMITS.ringSecondsMax}`}
                className="w-32"
              />
            </div>
            {readOnly ? null : (
              <ItemButtons
                index={j}
                count={fields.length}
                what={(n) => `rule ${r} number ${n}`}
                idBase={(k) => fieldId(`transferRules.${rule}.numbers.${k}`)}
                onMove={move}
                onRemove={() => {
                  remove(j);
                  focusSoon(addId);
                }}
              />
            )}
          </li>
        ))}
      </ol>
      <GroupError name={`transferRules.${rule}.numbers`} />
      {readOnly || fields.length >= LIMITS.numbersPerRule ? null : (
        <Button type="button" id={addId} variant="outline" size="sm" onClick={() => append(NEW_NUMBER)}>
          <Plus aria-hidden />
          Add number<span className="sr-only"> to rule {r}</span>
        </Button>
      )}
    </div>
  );
}

/** Up to ten transfer rules: when each applies, what is said, the numbers tried, and what happens if nobody answers. */
export function TransfersSection() {
  const readOnly = useReadOnly();
  const { fields, append, remove, move } = useFieldArray<SettingsFormValues, "transferRules">({ name: "transferRules" });
  return (
    <SettingsSection id="settings-transfers" title="Transfers" description={`When a call should go to a person, in your own words. ${fields.length} of ${LIMITS.transferRules} rules.`}>
      <OrderedItems
        name="transferRules"
        items={fields}
        what={(n) => `rule ${n}`}
        addId={ADD_ID}
        empty="No transfer rules: the AI employee does not transfer calls."
        spacing="space-y-4"
        onMove={move}
        onRemove={remove}
      >
        {(i) => (
          <>
            <h3 className="text-base font-semibold">Rule {i + 1}</h3>
            <TextField name={`transferRules.${i}.label`} label={`Rule ${i + 1} label`} visible="Label" maxLength={80} placeholder="e.g. Dental emergency" />
            <TextField
              name={`transferRules.${i}.when`}
              label={`Rule ${i + 1} applies when`}
              visible="Applies when"
              multiline
              rows={2}
              maxLength={500}
              placeholder="the caller has a dental emergency"
            />
            <TextField name={`transferRules.${i}.announcement`} label={`Rule ${i + 1} says before transferring`} visible="Says before transferring" multiline rows={2} maxLength={500} />
            <RuleNumbers rule={i} />
            <SelectField name={`transferRules.${i}.fallback`} label={`Rule ${i + 1} if nobody answers`} visible="If nobody answers" options={FALLBACKS} className="max-w-xs" />
          </>
        )}
      </OrderedItems>
      {readOnly || fields.length >= LIMITS.transferRules ? null : (
        <Button
          type="button"
          id={ADD_ID}
          variant="outline"
          onClick={() => append({ label: "", when: "", announcement: "One moment, I'll transfer you now.", numbers: [NEW_NUMBER], fallback: "message" })}
        >
          <Plus aria-hidden />
          Add transfer rule
        </Button>
      )}
    </SettingsSection>
  );
}

"use client";
import { useFieldArray } from "react-hook-form";
import { Plus } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { LIMITS } from "../settings.schema";
import { fieldId, focusSoon, GroupError, SettingsSection, TextField, useReadOnly } from "./fields";
import { ItemButtons } from "./move-buttons";
import type { SettingsFormValues } from "./settings-form";

const ADD_ID = "settings-answers-add";

/** Question-and-answer entries, in the order the customer chooses. */
export function AnswersSection() {
  const readOnly = useReadOnly();
  const { fields, append, remove, move } = useFieldArray<SettingsFormValues, "answers">({ name: "answers" });
  return (
    <SettingsSection
      id="settings-answers"
      title="Answers"
      description={`What the AI employee tells callers who ask: prices, parking, insurance accepted. ${fields.length} of ${LIMITS.answers}; each question and answer at most ${LIMITS.answerChars.toLocaleString("en-US")} characters.`}
    >
      {fields.length ? (
        <ol className="space-y-3">
          {fields.map((f, i) => (
            <li key={f.id} className="rounded-lg border border-slate-200 p-3 sm:p-4">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1 space-y-3">
                  <TextField name={`answers.${i}.question`} label={`Question ${i + 1}`} maxLength={LIMITS.answerChars} />
                  <TextField name={`answers.${i}.answer`} label={`Answer ${i + 1}`} multiline rows={3} maxLength={LIMITS.answerChars} />
                </div>
                {readOnly ? null : (
                  <ItemButtons
                    index={i}
                    count={fields.length}
                    what={(n) => `answer ${n}`}
                    idBase={(j) => fieldId(`answers.${j}`)}
                    onMove={move}
                    onRemove={() => {
                      remove(i);
                      focusSoon(ADD_ID);
                    }}
                  />
                )}
              </div>
              <GroupError name={`answers.${i}`} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No answers yet.</p>
      )}
      <GroupError name="answers" />
      {readOnly || fields.length >= LIMITS.answers ? null : (
        <Button type="button" id={ADD_ID} variant="outline" onClick={() => append({ question: "", answer: "" })}>
          <Plus aria-hidden />
          Add answer
        </Button>
      )}
    </SettingsSection>
  );
}

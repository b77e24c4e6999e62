"use client";
import { useFieldArray } from "react-hook-form";
import { Plus } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { LIMITS } from "../settings.schema";
import { SettingsSection, TextField, useReadOnly } from "./fields";
import { OrderedItems } from "./move-buttons";
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
      <OrderedItems name="answers" items={fields} what={(n) => `answer ${n}`} addId={ADD_ID} empty="No answers yet." spacing="space-y-3" onMove={move} onRemove={remove}>
        {(i) => (
          <>
            <TextField name={`answers.${i}.question`} label={`Question ${i + 1}`} maxLength={LIMITS.answerChars} />
            <TextField name={`answers.${i}.answer`} label={`Answer ${i + 1}`} multiline rows={3} maxLength={LIMITS.answerChars} />
          </>
        )}
      </OrderedItems>
      {readOnly || fields.length >= LIMITS.answers ? null : (
        <Button type="button" id={ADD_ID} variant="outline" onClick={() => append({ question: "", answer: "" })}>
          <Plus aria-hidden />
          Add answer
        </Button>
      )}
    </SettingsSection>
  );
}

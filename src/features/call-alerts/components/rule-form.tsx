"use client";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { toNestErrors } from "@hookform/resolvers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiPath, errorMessage, hasStatus, isUnauthorizedError } from "@/lib/api-client";
import { Button, SubmitButton } from "@/lib/ui/button";
import { toast } from "@/lib/ui/toaster";
import { CHANNEL_LABELS, CONDITION_LABELS, RULE_CHANNELS, RULE_CONDITIONS, type RuleBody, type RuleView } from "../rule.schema";
import { PREFERENCES_KEY, RULES_KEY, RULES_URL, type RuleAiEmployee, type RuleMember } from "./notifications-api";
import { formProblems, recipientsHint, serverProblems, toFormValues, type FormProblem, type RuleFormValues } from "./rule-form-values";
import { IdCheckboxes, RuleCheckbox, RuleRadioGroup, RuleSelectField, RuleTextField } from "./rule-form-fields";
import { FormAlert } from "@/lib/ui/form-alert";

/** Checks the form as the server checks the body (ruleBodySchema); problems land on their fields, the rest on the form. */
const resolver: Resolver<RuleFormValues, unknown, RuleBody> = (values, _context, options) => {
  const { body, problems } = formProblems(values);
  if (body) return { values: body, errors: {} };
  return { values: {}, errors: errorsOf(problems, options) };
};

function errorsOf(problems: FormProblem[], options: Parameters<Resolver<RuleFormValues>>[2]): FieldErrors<RuleFormValues> {
  const flat = Object.fromEntries(problems.filter((p) => p.field).map((p) => [p.field, { type: "invalid", message: p.message }]));
  const loose = problems.filter((p) => !p.field).map((p) => p.message);
  const errors = toNestErrors<RuleFormValues>(flat, options);
  if (!loose.length) return errors;
  const root = { type: "invalid", message: loose.join(" ") } as NonNullable<FieldErrors<RuleFormValues>["root"]>;
  return { ...errors, root };
}

const CHANNEL_OPTIONS = RULE_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }));
const CONDITION_OPTIONS = RULE_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }));

/**
 * Adds a rule (`rule` null) or edits one: POST /api/notification-rules or
 * PATCH …/{id} with the whole body. The server's 400 ("extraRecipients.1: …")
 * is shown at the field it names. "Rule saved" on success.
 */
export function RuleForm({
  rule,
  members,
  aiEmployees,
  timeZoneLabel,
  onDone,
}: {
  rule: RuleView | null;
  members: RuleMember[];
  aiEmployees: RuleAiEmployee[];
  timeZoneLabel: string;
  onDone: (saved: RuleView | null) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<RuleFormValues, unknown, RuleBody>({ defaultValues: toFormValues(rule), resolver });
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [channel, condition, allAiEmployees] = useWatch({ control: form.control, name: ["channel", "condition", "allAiEmployees"] });
  const rootError = form.formState.errors.root?.message;

  // The form opens where the reader is: its heading takes the focus.
  useEffect(() => headingRef.current?.focus(), []);

  const save = useMutation({
    mutationFn: (body: RuleBody) => (rule ? api.patch<RuleView>(apiPath`/api/notification-rules/${rule.id}`, body) : api.post<RuleView>(RULES_URL, body)),
    onSuccess: async (saved) => {
      toast({ title: "Rule saved" });
      await Promise.all([queryClient.invalidateQueries({ queryKey: RULES_KEY }), queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY })]);
      onDone(saved);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message = errorMessage(error, "The rule could not be saved. Try again.");
      if (!hasStatus(error, 400)) return setFailure(message);
      const problems = serverProblems(message);
      const loose: string[] = [];
      let focused = false;
      for (const p of problems) {
        if (!p.field) {
          loose.push(p.message);
          continue;
        }
        form.setError(p.field, { type: "server", message: p.message }, { shouldFocus: !focused });
        focused = true;
      }
      setFailure(loose.length ? loose.join(" ") : null);
    },
  });

  const title = rule ? `Edit rule: ${rule.name}` : "New rule";
  const problem = failure ?? rootError ?? null;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby="rule-form-title"
        onSubmit={form.handleSubmit((body) => {
          setFailure(null);
          save.mutate(body);
        })}
        className="space-y-5 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6"
      >
        <h3 id="rule-form-title" ref={headingRef} tabIndex={-1} className="text-base font-semibold focus-visible:outline-none">
          {title}
        </h3>
        <RuleTextField field="name" label="Rule name" maxLength={80} hint="For you and your team, e.g. “Missed calls to the front desk”." />
        <RuleRadioGroup field="channel" legend="Channel" options={CHANNEL_OPTIONS} />
        <div className="grid gap-5 sm:grid-cols-2">
          <RuleSelectField field="condition" label="Condition" options={CONDITION_OPTIONS} />
          {condition === "phrase" ? <RuleTextField field="phrase" label="Word or phrase" maxLength={100} hint="Looked for in the call's summary, ignoring case." /> : null}
        </div>
        <IdCheckboxes
          field="aiEmployeeIds"
          legend="AI employees"
          before={<RuleCheckbox field="allAiEmployees" label="All AI employees" />}
          options={allAiEmployees ? [] : aiEmployees.map((a) => ({ id: a.id, label: a.name }))}
          hint={allAiEmployees ? "Including AI employees added later." : undefined}
        />
        {channel === "sms" ? (
          <p className="text-sm text-slate-700">An SMS rule goes to mobile numbers only (members have no number on file): add your team&apos;s numbers under Extra recipients.</p>
        ) : (
          <IdCheckboxes
            field="memberUserIds"
            legend="Members"
            hint="Each member gets the e-mail at their login's address, and can turn the rule off for themselves."
            options={members.map((m) => ({ id: m.userId, label: m.name || m.email, detail: m.name && m.name !== m.email ? m.email : undefined }))}
          />
        )}
        <RuleTextField field="extraRecipients" label="Extra recipients" multiline hint={recipientsHint(channel)} />
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-medium text-slate-800">Quiet hours</legend>
          <p id="rule-quiet-hint" className="text-sm text-slate-600">
            {`In the account's time zone (${timeZoneLabel}). During quiet hours an SMS waits until they end; an e-mail is sent at once. Leave both empty for none.`}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <RuleTextField field="quietStart" label="Quiet hours from" type="time" />
            <RuleTextField field="quietEnd" label="Quiet hours until" type="time" />
          </div>
        </fieldset>
        <div aria-live="polite">
          <FormAlert>{problem}</FormAlert>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <SubmitButton busy={save.isPending} busyLabel="Saving...">
            Save rule
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}

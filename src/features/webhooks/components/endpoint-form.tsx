"use client";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { errorMessage } from "@/lib/api-client";
import type { z } from "@/lib/zod";
import { Button, SubmitButton } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { endpointCreateSchema } from "../endpoint.schema";
import { EVENT_TYPE_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "../event-types";
import type { EndpointFields } from "./webhooks-client";
import { FormAlert } from "@/lib/ui/form-alert";

/** The form's fields, checked by the API's own schema (ADR 0016). */
const endpointFormSchema = endpointCreateSchema.pick({ url: true, description: true, eventTypes: true });
type FormInput = z.input<typeof endpointFormSchema>;
type Field = keyof FormInput;

/** Where a server's 400 ("url: must use https") belongs: its field, or the whole form. */
export function problemFrom(message: string): { field: Field | null; message: string } {
  const m = /^(url|description|eventTypes)(?:\.\d+)?: (.*)$/s.exec(message);
  return m ? { field: m[1] as Field, message: m[2]! } : { field: null, message };
}

/**
 * The endpoint's URL, description and event types ("Add endpoint", and
 * "Edit endpoint"). What the server refuses (a private address, http) is
 * shown at its field.
 */
export function EndpointForm({
  initial,
  title,
  level = "h2",
  onSave,
  onCancel,
}: {
  initial: EndpointFields;
  title: string;
  /** The title's heading level where the form is shown. */
  level?: "h2" | "h4";
  onSave: (fields: EndpointFields) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const Heading = level;
  const form = useForm<FormInput, unknown, EndpointFields>({ resolver: zodResolver(endpointFormSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;

  const onValid = async (fields: EndpointFields) => {
    try {
      await onSave(fields);
    } catch (err) {
      const problem = problemFrom(errorMessage(err, "The endpoint could not be saved."));
      if (problem.field) form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
      else form.setError("root.server", { message: problem.message });
    }
  };

  const describedBy = (field: Field, hint?: string) => [hint, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  const error = (field: Field) =>
    errors[field]?.message ? (
      <p id={`${id}-${field}-error`} className="text-sm text-red-800">
        {errors[field]?.message}
      </p>
    ) : null;
  const problems = Object.keys(errors).length > 0;

  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate aria-labelledby={`${id}-title`} className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <Heading id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </Heading>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/webhooks"
          maxLength={2000}
          aria-invalid={Boolean(errors.url)}
          aria-describedby={describedBy("url", `${id}-url-hint`)}
          {...form.register("url")}
        />
        <p id={`${id}-url-hint`} className="text-sm text-slate-600">
          An https address on the public internet. We send each event to it as a signed POST request.
        </p>
        {error("url")}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Input
          id={`${id}-description`}
          autoComplete="off"
          maxLength={200}
          placeholder="e.g. Our CRM"
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy("description")}
          {...form.register("description")}
        />
        {error("description")}
      </div>
      <fieldset className="space-y-2" aria-describedby={errors.eventTypes ? `${id}-eventTypes-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Events to send</legend>
        <ul className="grid gap-3 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type, i) => (
            <li key={type} className="flex items-start gap-2">
              <input
                id={`${id}-type-${i}`}
                type="checkbox"
                value={type}
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
                aria-describedby={`${id}-type-${i}-hint`}
                {...form.register("eventTypes")}
              />
              <div className="min-w-0">
                <label htmlFor={`${id}-type-${i}`} className="font-mono text-sm font-medium text-slate-900">
                  {type}
                </label>
                <p id={`${id}-type-${i}-hint`} className="text-sm text-slate-600">
                  {EVENT_TYPE_DESCRIPTIONS[type]}
                </p>
              </div>
            </li>
          ))}
        </ul>
        {error("eventTypes")}
      </fieldset>
      <FormAlert>{errors.root?.server?.message}</FormAlert>
      <div aria-live="polite" className="sr-only">
        {problems ? "The endpoint was not saved: check the fields marked." : ""}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton busy={isSubmitting} busyLabel="Saving...">
          Save endpoint
        </SubmitButton>
      </div>
    </form>
  );
}

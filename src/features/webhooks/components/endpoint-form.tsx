"use client";
import { useId, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { endpointCreateSchema } from "../endpoint.schema";
import { EVENT_TYPE_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../event-types";
import type { EndpointFields } from "./webhooks-client";

type Field = keyof EndpointFields;
type Problems = Partial<Record<Field | "form", string>>;

/** The problems of a server's 400 ("url: must use https"), by field; anything else for the whole form. */
export function problemsFrom(message: string): Problems {
  const m = /^(url|description|eventTypes)(?:\.\d+)?: (.*)$/s.exec(message);
  return m ? { [m[1] as Field]: m[2] } : { form: message };
}

function check(fields: EndpointFields): Problems {
  const parsed = endpointCreateSchema.safeParse(fields);
  if (parsed.success) return {};
  const out: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}

/**
 * The endpoint's URL, description and event types ("Add endpoint", and
 * "Edit endpoint"). The same schema the API validates with checks it first;
 * what the server refuses (a private address, http) is shown at its field.
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
  const [url, setUrl] = useState(initial.url);
  const [description, setDescription] = useState(initial.description);
  const [eventTypes, setEventTypes] = useState<WebhookEventType[]>(initial.eventTypes);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  const toggle = (type: WebhookEventType, on: boolean) => setEventTypes((list) => (on ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || list.includes(t)) : list.filter((t) => t !== type)));

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = { url: url.trim(), description: description.trim(), eventTypes };
    const found = check(fields);
    setProblems(found);
    if (Object.keys(found).length) {
      const first = found.url ? `${id}-url` : found.description ? `${id}-description` : `${id}-type-0`;
      document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSave(fields);
    } catch (err) {
      const got = problemsFrom(errorMessage(err, "The endpoint could not be saved."));
      setProblems(got);
      if (got.url) document.getElementById(`${id}-url`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (field: Field, hint?: string) => [hint, problems[field] ? `${id}-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  const error = (field: Field) =>
    problems[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-red-800">
        {problems[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
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
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={Boolean(problems.url)}
          aria-describedby={describedBy("url", `${id}-url-hint`)}
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
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={Boolean(problems.description)}
          aria-describedby={describedBy("description")}
        />
        {error("description")}
      </div>
      <fieldset className="space-y-2" aria-describedby={problems.eventTypes ? `${id}-eventTypes-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Events to send</legend>
        <ul className="grid gap-3 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type, i) => (
            <li key={type} className="flex items-start gap-2">
              <input
                id={`${id}-type-${i}`}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
                checked={eventTypes.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                aria-describedby={`${id}-type-${i}-hint`}
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
      {problems.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problems.form}
        </p>
      ) : null}
      <div aria-live="polite" className="sr-only">
        {Object.keys(problems).length ? "The endpoint was not saved: check the fields marked." : ""}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save endpoint"}
        </Button>
      </div>
    </form>
  );
}

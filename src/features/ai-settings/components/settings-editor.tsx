"use client";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm, type Resolver } from "react-hook-form";
import { toNestErrors } from "@hookform/resolvers";
import { useMutation } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { api, errorMessage, hasStatus, isUnauthorizedError } from "@/lib/api-client";
import { toast } from "@/lib/ui/toaster";
import type { SettingsInput } from "../settings.schema";
import type { SettingsResponse } from "../settings-response";
import { ReadOnlyContext } from "./fields";
import { formPath, formProblems, problemText, serverProblems, toFormValues, type Problem, type SettingsFormValues } from "./settings-form";
import { IdentitySection } from "./identity-section";
import { HoursSection } from "./hours-section";
import { AfterHoursSection } from "./after-hours-section";
import { AnswersSection } from "./answers-section";
import { TransfersSection } from "./transfers-section";
import { BookingSection } from "./booking-section";
import { RecordingSection } from "./recording-section";
import { SpendLimitSection } from "./spend-limit-section";
import { SaveBar, type SaveAlert } from "./save-bar";

type Context = { hasStoredKey: boolean };

/** The whole document checked as the server checks it; problems land on their fields. */
const resolver: Resolver<SettingsFormValues, Context, SettingsInput> = (values, context, options) => {
  const { document, problems } = formProblems(values, context?.hasStoredKey ?? false);
  if (!problems.length) return { values: document, errors: {} };
  const flat = Object.fromEntries(problems.filter((p) => p.path).map((p) => [formPath(p.path), { type: "invalid", message: problemText(p) }]));
  return { values: {}, errors: toNestErrors<SettingsFormValues>(flat, options) };
};

const CONFLICT_FALLBACK = "These settings were changed by someone else. Reload to get their version, then make your change again.";

/**
 * The settings editor (issue 24): edits the whole settings document and PUTs
 * it to `${apiBase}/settings` with the version the edit started from. Shows
 * the newest of `initial` and what it saved or reloaded itself; the form is
 * reset when that version changes (a save, a reload, the page's restore).
 * Read-only when `canEdit` is false.
 */
export function SettingsEditor({ apiBase, initial, onSaved }: { apiBase: string; initial: SettingsResponse; onSaved?: (res: SettingsResponse) => void }) {
  const [latest, setLatest] = useState<SettingsResponse | null>(null);
  const current = latest && latest.version > initial.version ? latest : initial;
  const maskedKey = current.settings.booking.apiKeyMasked ?? null;
  const [alert, setAlert] = useState<(SaveAlert & { version: number }) | null>(null);
  const form = useForm<SettingsFormValues, Context, SettingsInput>({
    defaultValues: toFormValues(initial.settings),
    resolver,
    context: { hasStoredKey: Boolean(maskedKey) },
  });
  const dirty = form.formState.isDirty;

  // The version the form shows: a new one from the page (a restore) resets the form.
  const shownVersion = useRef(initial.version);
  useEffect(() => {
    if (shownVersion.current === current.version) return;
    shownVersion.current = current.version;
    form.reset(toFormValues(current.settings));
  }, [current, form]);

  const adopt = (res: SettingsResponse) => {
    shownVersion.current = res.version;
    setLatest(res);
    setAlert(null);
    form.reset(toFormValues(res.settings));
    onSaved?.(res);
  };

  const save = useMutation({
    mutationFn: (body: { baseVersion: number; settings: SettingsInput }) => api.put<SettingsResponse>(`${apiBase}/settings`, body),
    onSuccess: (res) => {
      adopt(res);
      toast({ title: `Settings saved (version ${res.version})` });
    },
    onError: (error, body) => {
      if (isUnauthorizedError(error)) return;
      if (hasStatus(error, 409)) return setAlert({ version: body.baseVersion, kind: "conflict", message: errorMessage(error, CONFLICT_FALLBACK) });
      if (hasStatus(error, 400)) {
        const problems = serverProblems(errorMessage(error, "The settings were refused."));
        for (const p of problems) if (p.path) form.setError(formPath(p.path) as never, { type: "server", message: problemText(p) });
        return setAlert({ version: body.baseVersion, kind: "invalid", problems: problems.map(problemText) });
      }
      setAlert({ version: body.baseVersion, kind: "error", message: errorMessage(error, "The settings could not be saved. Try again.") });
    },
  });

  const reload = useMutation({
    mutationFn: () => api.get<SettingsResponse>(`${apiBase}/settings`),
    onSuccess: (res) => {
      adopt(res);
      toast({ title: `Settings reloaded (version ${res.version})`, description: "Make your change again, then save." });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      setAlert({ version: current.version, kind: "conflict", message: errorMessage(error, "The settings could not be reloaded. Try again.") });
    },
  });

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty || !current.canEdit) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, current.canEdit]);

  const onValid = (settings: SettingsInput) => {
    if (save.isPending) return;
    if (!dirty) {
      setAlert(null);
      toast({ title: "No changes to save" });
      return;
    }
    setAlert(null);
    save.mutate({ baseVersion: current.version, settings });
  };
  const onInvalid = () => {
    const problems: Problem[] = formProblems(form.getValues(), Boolean(maskedKey)).problems;
    setAlert({ version: current.version, kind: "invalid", problems: problems.map(problemText) });
  };

  const shownAlert = alert && alert.version === current.version ? alert : null;
  const readOnly = !current.canEdit;

  return (
    <ReadOnlyContext value={readOnly}>
      <FormProvider {...form}>
        <form noValidate aria-label="AI employee settings" onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-6">
          {readOnly ? (
            <p className="flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              You can view these settings. Owners and managers can change them.
            </p>
          ) : null}
          {/* Scroll margins keep a focused field clear of the sticky save bar. */}
          <fieldset disabled={readOnly} className="min-w-0 space-y-6 [&_input]:scroll-mb-32 [&_select]:scroll-mb-32 [&_textarea]:scroll-mb-32">
            <IdentitySection />
            <HoursSection />
            <AfterHoursSection />
            <AnswersSection />
            <TransfersSection />
            <BookingSection maskedKey={maskedKey} />
            <RecordingSection />
            <SpendLimitSection />
          </fieldset>
          {readOnly ? null : <SaveBar busy={save.isPending} dirty={dirty} alert={shownAlert} onReload={() => reload.mutate()} reloading={reload.isPending} />}
        </form>
      </FormProvider>
    </ReadOnlyContext>
  );
}

"use client";
import { useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { Icon } from "@/lib/ui/icon";
import { toast } from "@/lib/ui/toaster";
import { DEMO_FIELDS, type DemoField, type DemoFieldErrors } from "./demo-fields";
import { demoPrefill, NO_PREFILL, type DemoPrefill } from "./demo-prefill";
import { DEMO_FAILED } from "./demo-problem";
import { schedulingLink } from "./scheduling";
import type { DemoFormInput } from "./schema";

/**
 * The demo booking form (spec 5, 7, 8). Every field is required and marked
 * so; a field at fault shows its message (the form's check and the server's
 * 400 use the same schema) instead of a greyed-out button. On success the
 * scheduling page opens in a new tab with the details prefilled, the fields
 * are cleared except the AI employee's name and id, and the confirmation is
 * shown in the form beside the "Open the scheduling page" link, not as a
 * toast that could cover it (ADR 0122). The page is prerendered, so the prefill
 * comes from the address in the browser: the form starts again with it once
 * the page has hydrated.
 */
export function DemoForm({ schedulingUrl }: { schedulingUrl: string }) {
  const prefill = useSyncExternalStore(noChanges, prefillFromAddress, () => NO_PREFILL);
  return <DemoFormFields key={JSON.stringify(prefill)} schedulingUrl={schedulingUrl} prefill={prefill} />;
}

const noChanges = () => () => {};
let lastPrefill: { search: string; prefill: DemoPrefill } | undefined;
/** The prefill of the current address (the same object while the address is the same). */
function prefillFromAddress(): DemoPrefill {
  const search = window.location.search;
  if (lastPrefill?.search !== search) lastPrefill = { search, prefill: demoPrefill(search) };
  return lastPrefill.prefill;
}

/**
 * The check (zod and the server's schema) and the API client (with its query
 * library) load when the visitor first focuses a field or sends, not with the
 * page, as the contact form's API client does: most readers of the demo pages
 * never type in the form (issue 27, JavaScript per page).
 */
const loadSubmit = () => import("./demo-submit");

/** The design system's field, label and large button classes, written out as the contact form does: its class-merging helper would add 9 KB to the page. */
const FIELD =
  "w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:cursor-not-allowed disabled:opacity-60 h-10";
const LABEL = "text-sm font-medium text-slate-800";
const SEND =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 bg-brand-700 text-white hover:bg-brand-800 h-11 px-6 text-base";

const LABELS: Record<DemoField, string> = { name: "Name", email: "Email", phone: "Phone", website: "Website" };
const INPUTS: Record<DemoField, React.InputHTMLAttributes<HTMLInputElement>> = {
  name: { autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
  website: { type: "text", inputMode: "url", autoComplete: "url", placeholder: "yourbusiness.com" },
};

function DemoFormFields({ schedulingUrl, prefill }: { schedulingUrl: string; prefill: DemoPrefill }) {
  // Checked on submit only; typing in a field clears its message (it is checked again on the next submit).
  const [errors, setErrors] = useState<DemoFieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [lastLink, setLastLink] = useState<string | null>(null);
  const { aiEmployeeName, aiEmployeeId } = prefill;
  const initial: DemoFormInput = { name: "", email: prefill.email, phone: prefill.phone, website: "" };

  /** The messages beside their fields, then focus on the first field at fault (already described by its message). */
  function showErrors(found: DemoFieldErrors) {
    flushSync(() => setErrors(found));
    const first = DEMO_FIELDS.find((f) => found[f]);
    if (first) document.getElementById(`demo-${first}`)?.focus();
  }

  const clearError = (f: DemoField) => setErrors((e) => (e[f] ? { ...e, [f]: undefined } : e));

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const input = (f: DemoField) => form.elements.namedItem(f) as HTMLInputElement;
    const values = Object.fromEntries(DEMO_FIELDS.map((f) => [f, input(f).value])) as DemoFormInput;
    setSubmitting(true);
    try {
      const { checkDemoFields, sendDemoLead } = await loadSubmit();
      const checked = checkDemoFields(values);
      if ("errors" in checked) return showErrors(checked.errors);
      setErrors({});
      setLastLink(null);
      const problem = await sendDemoLead(checked.fields, prefill);
      if (!problem) {
        const link = schedulingLink(schedulingUrl, { ...checked.fields, aiEmployeeName, aiEmployeeId });
        window.open(link, "_blank", "noopener,noreferrer");
        setLastLink(link);
        for (const f of DEMO_FIELDS) input(f).value = "";
      } else if (Object.keys(problem.fields).length) {
        // A 400 names its fields; other refusals say why; spec 8's toast for the rest.
        showErrors(problem.fields);
      } else {
        toast({ title: "Error", description: problem.message ?? "", variant: "destructive" });
      }
    } catch {
      // The check could not load (the visitor went offline): spec 8's toast.
      toast({ title: "Error", description: DEMO_FAILED, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadSubmit()} className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="demo-form-title" noValidate>
      <div>
        <h2 id="demo-form-title" className="text-xl font-semibold text-slate-950">
          Your details
        </h2>
        <p className="mt-1 text-sm text-slate-700" id="demo-required-note">
          All fields are required (<span aria-hidden="true">*</span>).
        </p>
      </div>
      {aiEmployeeName ? (
        <p className="flex items-center gap-2 rounded-lg bg-brand-50 p-3 text-sm text-slate-800" data-testid="ai-employee">
          <Icon name="Bot" className="size-5 shrink-0 text-brand-700" />
          <span>
            Demo of your AI employee <strong>{aiEmployeeName}</strong>
            {aiEmployeeId ? <span className="text-slate-600"> (ID {aiEmployeeId})</span> : null}
          </span>
        </p>
      ) : null}
      {DEMO_FIELDS.map((f) => (
        <div key={f} className="grid gap-1.5">
          <label className={LABEL} htmlFor={`demo-${f}`}>
            {LABELS[f]}{" "}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </label>
          <input
            id={`demo-${f}`}
            name={f}
            {...INPUTS[f]}
            required
            defaultValue={initial[f]}
            onChange={() => clearError(f)}
            aria-invalid={errors[f] ? true : undefined}
            aria-describedby={errors[f] ? `demo-${f}-error` : undefined}
            className={`${FIELD} ${errors[f] ? "border-red-600" : "border-slate-300"}`}
          />
          {errors[f] ? (
            <p id={`demo-${f}-error`} className="text-sm text-red-700" data-testid={`demo-${f}-error`}>
              {errors[f]}
            </p>
          ) : null}
        </div>
      ))}
      <button type="submit" className={SEND} disabled={submitting} aria-disabled={submitting}>
        {submitting ? "Booking Demo..." : "Book Demo"}
      </button>
      <p className="text-xs text-slate-700">After you submit, pick a time on our scheduling page. It opens in a new tab with your details filled in.</p>
      <div role="status" aria-live="polite">
        {lastLink ? (
          <div className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-950" data-testid="demo-submitted">
            <p className="flex items-center gap-2 font-semibold">
              <Icon name="CircleCheck" className="size-4 shrink-0" /> Demo Information Submitted!
            </p>
            <p className="mt-1">Please complete your booking in the new tab. Your information has been prefilled.</p>
            <p className="mt-2">
              Tab didn&rsquo;t open?{" "}
              <a href={lastLink} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold text-brand-700 underline">
                Open the scheduling page <Icon name="ExternalLink" className="size-3.5" />
              </a>
            </p>
          </div>
        ) : null}
      </div>
    </form>
  );
}

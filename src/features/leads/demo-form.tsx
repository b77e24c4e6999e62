"use client";
import { useState, useSyncExternalStore } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Bot, CircleCheck, ExternalLink } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { api } from "@/lib/api-client";
import { toast } from "@/lib/ui/toaster";
import { schedulingLink } from "./scheduling";
import { demoPrefill, NO_PREFILL, type DemoPrefill } from "./demo-prefill";
import { demoProblem } from "./demo-problem";
import { DEMO_FIELDS, demoFormSchema, type DemoField, type DemoFieldErrors, type DemoFormInput, type DemoFormOutput } from "./schema";

/**
 * The demo booking form (spec 5, 7, 8), on react-hook-form (ADR 0016). Every
 * field is required and marked so; a field at fault shows its message (the
 * form's resolver and the server's 400 use the same schema) instead of a greyed-out button. On success the
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

const LABELS: Record<DemoField, string> = { name: "Name", email: "Email", phone: "Phone", website: "Website" };
const INPUTS: Record<DemoField, React.InputHTMLAttributes<HTMLInputElement>> = {
  name: { autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
  website: { type: "text", inputMode: "url", autoComplete: "url", placeholder: "yourbusiness.com" },
};

const EMPTY: DemoFormInput = { name: "", email: "", phone: "", website: "" };

function DemoFormFields({ schedulingUrl, prefill }: { schedulingUrl: string; prefill: DemoPrefill }) {
  // Checked on submit only; typing in a field clears its message (it is checked again on the next submit).
  const form = useForm<DemoFormInput, unknown, DemoFormOutput>({
    resolver: zodResolver(demoFormSchema),
    defaultValues: { ...EMPTY, email: prefill.email, phone: prefill.phone },
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const [lastLink, setLastLink] = useState<string | null>(null);
  const { aiEmployeeName, aiEmployeeId } = prefill;

  /** The server's messages beside their fields, focus on the first field at fault. */
  function showErrors(found: DemoFieldErrors) {
    for (const f of DEMO_FIELDS) if (found[f]) form.setError(f, { type: "server", message: found[f] });
    const first = DEMO_FIELDS.find((f) => found[f]);
    if (first) form.setFocus(first);
  }

  async function onValid(fields: DemoFormOutput) {
    setLastLink(null);
    try {
      await api.post("/api/demo-leads", { ...fields, aiEmployeeName: aiEmployeeName || null, aiEmployeeId: aiEmployeeId || null });
      const link = schedulingLink(schedulingUrl, { ...fields, aiEmployeeName, aiEmployeeId });
      window.open(link, "_blank", "noopener,noreferrer");
      setLastLink(link);
      form.reset(EMPTY);
    } catch (err) {
      // A 400 names its fields; other refusals say why; spec 8's toast for the rest.
      const problem = demoProblem(err);
      if (Object.keys(problem.fields).length) showErrors(problem.fields);
      else toast({ title: "Error", description: problem.message ?? "", variant: "destructive" });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="demo-form-title" noValidate>
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
          <Bot className="size-5 shrink-0 text-brand-700" aria-hidden />
          <span>
            Demo of your AI employee <strong>{aiEmployeeName}</strong>
            {aiEmployeeId ? <span className="text-slate-600"> (ID {aiEmployeeId})</span> : null}
          </span>
        </p>
      ) : null}
      {DEMO_FIELDS.map((f) => (
        <div key={f} className="grid gap-1.5">
          <Label htmlFor={`demo-${f}`}>
            {LABELS[f]}{" "}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </Label>
          <Input
            id={`demo-${f}`}
            {...INPUTS[f]}
            required
            aria-invalid={errors[f] ? true : undefined}
            aria-describedby={errors[f] ? `demo-${f}-error` : undefined}
            className={errors[f] ? "border-red-600" : undefined}
            {...form.register(f, { onChange: () => form.clearErrors(f) })}
          />
          {errors[f] ? (
            <p id={`demo-${f}-error`} className="text-sm text-red-700" data-testid={`demo-${f}-error`}>
              {errors[f].message}
            </p>
          ) : null}
        </div>
      ))}
      <Button type="submit" size="lg" disabled={submitting} aria-disabled={submitting}>
        {submitting ? "Booking Demo..." : "Book Demo"}
      </Button>
      <p className="text-xs text-slate-700">After you submit, pick a time on our scheduling page. It opens in a new tab with your details filled in.</p>
      <div role="status" aria-live="polite">
        {lastLink ? (
          <div className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-950" data-testid="demo-submitted">
            <p className="flex items-center gap-2 font-semibold">
              <CircleCheck className="size-4 shrink-0" aria-hidden /> Demo Information Submitted!
            </p>
            <p className="mt-1">Please complete your booking in the new tab. Your information has been prefilled.</p>
            <p className="mt-2">
              Tab didn&rsquo;t open?{" "}
              <a href={lastLink} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold text-brand-700 underline">
                Open the scheduling page <ExternalLink className="size-3.5" aria-hidden />
              </a>
            </p>
          </div>
        ) : null}
      </div>
    </form>
  );
}

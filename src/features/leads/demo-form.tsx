"use client";
import { useState, useSyncExternalStore } from "react";
import { Bot, ExternalLink } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { api } from "@/lib/api-client";
import { toast } from "@/lib/ui/toaster";
import { schedulingLink } from "./scheduling";
import { demoPrefill, NO_PREFILL, type DemoPrefill } from "./demo-prefill";


type Fields = { name: string; email: string; phone: string; website: string };

/**
 * The demo booking form (spec 5, 7, 8). On success the scheduling page opens
 * in a new tab with the details prefilled, and the fields are cleared except
 * the AI employee's name and id. The page is prerendered, so the prefill
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

function DemoFormFields({ schedulingUrl, prefill }: { schedulingUrl: string; prefill: DemoPrefill }) {
  const [fields, setFields] = useState<Fields>({ name: "", email: prefill.email, phone: prefill.phone, website: "" });
  const [submitting, setSubmitting] = useState(false);
  const [lastLink, setLastLink] = useState<string | null>(null);
  const { aiEmployeeName, aiEmployeeId } = prefill;
  const complete = Object.values(fields).every((v) => v.trim() !== "");

  const set = (key: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement>) => setFields((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!complete || submitting) return;
    setSubmitting(true);
    try {
      // Spec 8: every failed submission (ApiError or network) shows the same toast, in the catch below.
      await api.post("/api/demo-leads", { ...fields, aiEmployeeName: aiEmployeeName || null, aiEmployeeId: aiEmployeeId || null });
      const link = schedulingLink(schedulingUrl, { ...fields, aiEmployeeName, aiEmployeeId });
      window.open(link, "_blank", "noopener,noreferrer");
      setLastLink(link);
      toast({ title: "Demo Information Submitted!", description: "Please complete your booking in the new tab. Your information has been prefilled." });
      setFields({ name: "", email: "", phone: "", website: "" });
    } catch {
      toast({ title: "Error", description: "Something went wrong. Please try again.", variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="demo-form-title" noValidate={false}>
      <h2 id="demo-form-title" className="text-xl font-semibold text-slate-950">
        Your details
      </h2>
      {aiEmployeeName ? (
        <p className="flex items-center gap-2 rounded-lg bg-brand-50 p-3 text-sm text-slate-800" data-testid="ai-employee">
          <Bot className="size-5 shrink-0 text-brand-700" aria-hidden />
          <span>
            Demo of your AI employee <strong>{aiEmployeeName}</strong>
            {aiEmployeeId ? <span className="text-slate-600"> (ID {aiEmployeeId})</span> : null}
          </span>
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="demo-name">Name</Label>
        <Input id="demo-name" name="name" autoComplete="name" required value={fields.name} onChange={set("name")} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="demo-email">Email</Label>
        <Input id="demo-email" name="email" type="email" autoComplete="email" required value={fields.email} onChange={set("email")} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="demo-phone">Phone</Label>
        <Input id="demo-phone" name="phone" type="tel" autoComplete="tel" required value={fields.phone} onChange={set("phone")} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="demo-website">Website</Label>
        <Input id="demo-website" name="website" type="text" inputMode="url" autoComplete="url" placeholder="yourbusiness.com" required value={fields.website} onChange={set("website")} />
      </div>
      <Button type="submit" size="lg" disabled={!complete || submitting}>
        {submitting ? "Booking Demo..." : "Book Demo"}
      </Button>
      <p className="text-xs text-slate-700">After you submit, pick a time on our scheduling page. It opens in a new tab with your details filled in.</p>
      {lastLink ? (
        <p className="text-sm">
          Tab didn&rsquo;t open?{" "}
          <a href={lastLink} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold text-brand-700 underline">
            Open the scheduling page <ExternalLink className="size-3.5" aria-hidden />
          </a>
        </p>
      ) : null}
    </form>
  );
}

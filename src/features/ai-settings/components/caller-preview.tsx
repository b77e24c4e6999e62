"use client";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { api, errorMessage, withQuery } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { formatPhone } from "@/lib/phone-format";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { SubmitButton } from "@/lib/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Input, Label, Options, Select } from "@/lib/ui/input";
import { WEEKDAYS, WEEKDAY_LABELS } from "../settings.schema";
import { previewTimeSchema, type PreviewTimeInput, type PreviewTimeOutput } from "../test-forms.schema";
import type { PreviewResponse } from "../settings-response";
import { nextWeekdayAt } from "../preview-time";

const AFTER_HOURS_WORDS = { message: "takes a message", transfer: "transfers the call", hours: "tells the hours and ends the call" } as const;

/**
 * "What a caller hears": now, or at a weekday and time in the business's time
 * zone (the next such day), from the saved settings, computed by the server
 * with the same plan that is pushed to the voice platform.
 */
export function CallerPreview({ apiBase, timeZone }: { apiBase: string; timeZone: string }) {
  const id = useId();
  const form = useForm<PreviewTimeInput, unknown, PreviewTimeOutput>({ resolver: zodResolver(previewTimeSchema), defaultValues: { when: "now", day: "mon", time: "09:00" } });
  const when = useWatch({ control: form.control, name: "when" });
  const preview = useMutation({
    mutationFn: (at: string | null) => api.get<PreviewResponse>(withQuery(`${apiBase}/preview`, { at })),
    meta: { unauthorized: LOGGED_OUT },
  });
  const show = ({ when, day, time }: PreviewTimeOutput) => preview.mutate(when === "now" ? null : nextWeekdayAt(day, time, timeZone).at.toISOString());
  return (
    <Card>
      <section aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle as="h2" id={`${id}-title`}>
            What a caller hears
          </CardTitle>
          <CardDescription>From the saved settings, in the business&apos;s time zone ({timeZone.replaceAll("_", " ")}).</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={form.handleSubmit(show)} className="flex flex-col gap-4">
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Preview time</legend>
              <div className="mt-2 flex flex-wrap gap-4">
                {(["now", "pick"] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
                    <input type="radio" value={value} {...form.register("when")} className="size-4 accent-brand-700" />
                    {value === "now" ? "Now" : "Pick a time"}
                  </label>
                ))}
              </div>
            </fieldset>
            {when === "pick" ? (
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <Label htmlFor={`${id}-day`}>Day</Label>
                  <Select id={`${id}-day`} {...form.register("day")}>
                    <Options options={WEEKDAYS} label={(d) => WEEKDAY_LABELS[d]} />
                  </Select>
                </div>
                <div>
                  <Label htmlFor={`${id}-time`}>Time</Label>
                  <Input id={`${id}-time`} type="time" {...form.register("time")} required />
                </div>
              </div>
            ) : null}
            <SubmitButton variant="outline" busy={preview.isPending} busyLabel="Checking…">
              Show what a caller hears
            </SubmitButton>
          </form>
          <div aria-live="polite" className="mt-4">
            {preview.isError ? (
              <p role="alert" className="text-sm text-red-900">
                {errorMessage(preview.error, "The preview could not be shown. Try again in a moment.")}
              </p>
            ) : preview.data ? (
              <PreviewResult preview={preview.data} />
            ) : null}
          </div>
        </CardContent>
      </section>
    </Card>
  );
}

function PreviewResult({ preview }: { preview: PreviewResponse }) {
  const date = formatDate(`${preview.state.localDate}T12:00:00Z`, { style: "long" });
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900" data-testid="caller-preview-result">
      <p className="text-slate-700">
        {preview.localTime}, {date}
      </p>
      <p className="mt-1 text-base font-semibold">{preview.open ? "Open" : preview.closedDay ? `Closed: ${preview.closedDay.label}` : "Closed"}</p>
      <ul className="mt-2 flex flex-col gap-1.5">
        {preview.recordingAnnouncement ? <li>First: {preview.recordingAnnouncement}</li> : null}
        <li>They hear: {preview.spoken.text}</li>
        {preview.afterHours ? (
          <li>
            After hours it {AFTER_HOURS_WORDS[preview.afterHours.action]}
            {preview.afterHours.action === "transfer" && preview.afterHours.transferNumber ? ` to ${formatPhone(preview.afterHours.transferNumber, "US")}` : ""}.
          </li>
        ) : null}
        <li>{preview.transferRules.length > 0 ? `Transfer rules that apply: ${preview.transferRules.map((r) => r.label).join(", ")}` : "No transfer rules apply"}</li>
        <li>Booking: {preview.bookingOn ? "on" : "off"}</li>
        {preview.messagesOnly ? <li className="font-medium text-amber-900">Messages only: spend limit reached</li> : null}
      </ul>
    </div>
  );
}

"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { SubmitButton } from "@/lib/ui/button";
import { Input, Label, Options, Select } from "@/lib/ui/input";
import { orgPost } from "./org-api";
import { Notice, type NoticeValue } from "./notice";
import { businessDetailsFormSchema, type BusinessDetailsInput, type BusinessDetailsOutput } from "./member-forms.schema";

export type BusinessDetails = { name: string; billingEmail: string | null; timeZone: string };

/**
 * Business details for members with settings.edit: saved through
 * better-auth's POST /api/auth/organization/update, whose before hook
 * checks them again (business-details.ts). `timeZones` is the server's list.
 */
export function BusinessDetailsForm({ accountId, details, timeZones }: { accountId: string; details: BusinessDetails; timeZones: string[] }) {
  const router = useRouter();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const form = useForm<BusinessDetailsInput, unknown, BusinessDetailsOutput>({
    resolver: zodResolver(businessDetailsFormSchema),
    defaultValues: { name: details.name, billingEmail: details.billingEmail ?? "", timeZone: details.timeZone },
  });
  const errors = form.formState.errors;
  const busy = form.formState.isSubmitting;

  const onValid = async (data: BusinessDetailsOutput) => {
    setNotice(null);
    const res = await orgPost("update", { data, organizationId: accountId });
    if (!res.ok) return setNotice({ kind: "error", text: res.message });
    form.reset({ name: data.name, billingEmail: data.billingEmail ?? "", timeZone: data.timeZone });
    setNotice({ kind: "ok", text: "The business details were saved." });
    router.refresh();
  };
  const onInvalid = (e: FieldErrors<BusinessDetailsInput>) => setNotice({ kind: "error", text: e.name?.message ?? e.billingEmail?.message ?? e.timeZone?.message ?? "Check the form." });

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="max-w-xl space-y-4" aria-label="Business details" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor="business-name">Business name</Label>
        <Input id="business-name" autoComplete="organization" maxLength={120} aria-invalid={Boolean(errors.name)} {...form.register("name")} />
        {errors.name ? <p className="text-sm text-red-700">{errors.name.message}</p> : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="business-billing-email">Billing e-mail</Label>
        <Input
          id="business-billing-email"
          type="email"
          autoComplete="email"
          maxLength={254}
          aria-describedby="business-billing-email-hint"
          aria-invalid={Boolean(errors.billingEmail)}
          {...form.register("billingEmail")}
        />
        <p id="business-billing-email-hint" className="text-sm text-slate-600">
          Where invoices and billing notices go. Leave it empty to send them to the owners.
        </p>
        {errors.billingEmail ? <p className="text-sm text-red-700">{errors.billingEmail.message}</p> : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="business-time-zone">Time zone</Label>
        <Select id="business-time-zone" aria-describedby="business-time-zone-hint" {...form.register("timeZone")}>
          <Options options={timeZones} label={(z) => z.replaceAll("_", " ")} />
        </Select>
        <p id="business-time-zone-hint" className="text-sm text-slate-600">
          The account&apos;s days, months and the audit log are shown in this time zone.
        </p>
      </div>
      <Notice notice={notice} />
      <SubmitButton busy={busy} busyLabel="Saving...">
        Save business details
      </SubmitButton>
    </form>
  );
}

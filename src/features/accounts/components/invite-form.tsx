"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { SubmitButton } from "@/lib/ui/button";
import { InputField, Label, Options, Select } from "@/lib/ui/input";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, isAccountRole } from "../permissions";
import { orgPost } from "./org-api";
import { Notice, type NoticeValue } from "./notice";
import { assignableRoles, type Viewer } from "./members-model";
import { inviteFormSchema, type InviteFormInput, type InviteFormOutput } from "./member-forms.schema";

/** "Invite a member": an address and a role; better-auth sends the e-mail (through the e-mail jobs) with a link that works for 7 days. */
export function InviteForm({ accountId, viewer }: { accountId: string; viewer: Viewer }) {
  const router = useRouter();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const form = useForm<InviteFormInput, unknown, InviteFormOutput>({ resolver: zodResolver(inviteFormSchema), defaultValues: { email: "", role: "staff" } });
  const role = useWatch({ control: form.control, name: "role" });
  const busy = form.formState.isSubmitting;

  const onValid = async ({ email, role }: InviteFormOutput) => {
    setNotice(null);
    const res = await orgPost("invite-member", { email, role, organizationId: accountId });
    if (!res.ok) return setNotice({ kind: "error", text: res.message });
    form.reset({ email: "", role });
    setNotice({ kind: "ok", text: `Invitation sent to ${email}. The link works for 7 days.` });
    router.refresh();
  };
  const onInvalid = (errors: FieldErrors<InviteFormInput>) => setNotice({ kind: "error", text: errors.email?.message ?? errors.role?.message ?? "Check the form." });

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-4" aria-labelledby="invite-heading" noValidate>
      <h3 id="invite-heading" className="text-base font-semibold">
        Invite a member
      </h3>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-start">
        <InputField id="invite-email" label="E-mail address" type="email" autoComplete="off" maxLength={254} aria-invalid={Boolean(form.formState.errors.email)} {...form.register("email")} />
        <div className="space-y-1.5">
          <Label htmlFor="invite-role">Role</Label>
          <Select id="invite-role" aria-describedby="invite-role-description" {...form.register("role")}>
            <Options options={assignableRoles(viewer)} label={(r) => ROLE_LABELS[r]} />
          </Select>
        </div>
        <SubmitButton className="md:mt-6" busy={busy} busyLabel="Sending...">
          Send invitation
        </SubmitButton>
      </div>
      <p id="invite-role-description" className="text-sm text-slate-600">
        {isAccountRole(role) ? `${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role]}` : null}
      </p>
      <Notice notice={notice} />
    </form>
  );
}

"use client";
import { useState } from "react";
import { Dialog as D } from "radix-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiPath, isUnauthorizedError } from "@/lib/api-client";
import { showApiError } from "@/lib/api-error-toast";
import { BusyButton, Button } from "@/lib/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/lib/ui/dialog";
import { Label } from "@/lib/ui/input";
import { Switch } from "@/lib/ui/switch";
import { toast } from "@/lib/ui/toaster";
import { CHANNEL_LABELS, CONDITION_LABELS, type RuleView } from "../rule.schema";
import { PREFERENCES_KEY, RULES_KEY, type RuleAiEmployee, type RuleMember } from "./notifications-api";

/** What a rule does, in words, for its card. */
function describe(rule: RuleView, members: RuleMember[], aiEmployees: RuleAiEmployee[]) {
  const memberName = (id: string) => {
    const m = members.find((x) => x.userId === id);
    return m ? m.name || m.email : "A former member";
  };
  const aiName = (id: string) => aiEmployees.find((a) => a.id === id)?.name ?? "An AI employee no longer in the account";
  const recipients = [...rule.memberUserIds.map(memberName), ...rule.extraRecipients];
  return {
    condition: rule.condition === "phrase" && rule.phrase ? `${CONDITION_LABELS.phrase}: “${rule.phrase}”` : CONDITION_LABELS[rule.condition],
    recipients: recipients.length ? recipients.join(", ") : "Nobody",
    quietHours: rule.quietHours ? `${rule.quietHours.start} to ${rule.quietHours.end}` : "None",
    aiEmployees: rule.aiEmployeeIds.length ? rule.aiEmployeeIds.map(aiName).join(", ") : "All AI employees",
  };
}

/** One rule in the list: what it does, its Enabled switch, Edit and Delete (confirmed). */
export function RuleCard({ rule, members, aiEmployees, onEdit, onDeleted }: { rule: RuleView; members: RuleMember[]; aiEmployees: RuleAiEmployee[]; onEdit: () => void; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const d = describe(rule, members, aiEmployees);
  const id = `rule-${rule.id}`;
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: RULES_KEY }), queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY })]);

  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api.patch<RuleView>(apiPath`/api/notification-rules/${rule.id}`, { enabled }),
    onSuccess: async (saved) => {
      toast({ title: saved.enabled ? "Rule turned on" : "Rule turned off", description: rule.name });
      await refresh();
    },
    onError: (error) => showApiError(error, "The rule could not be changed. Try again."),
  });
  const enabled = toggle.isPending ? toggle.variables : rule.enabled;

  return (
    <article aria-labelledby={`${id}-name`} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={`${id}-name`} className="min-w-0 break-words text-base font-semibold">
          {rule.name}
        </h3>
        <div className="flex items-center gap-2">
          <Switch id={`${id}-enabled`} checked={enabled} disabled={toggle.isPending} onCheckedChange={(on) => toggle.mutate(on)} aria-describedby={`${id}-name`} />
          <Label htmlFor={`${id}-enabled`}>Enabled</Label>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-800">Channel</dt>
        <dd>{CHANNEL_LABELS[rule.channel]}</dd>
        <dt className="font-medium text-slate-800">Condition</dt>
        <dd className="break-words">{d.condition}</dd>
        <dt className="font-medium text-slate-800">Recipients</dt>
        <dd className="break-words">{d.recipients}</dd>
        <dt className="font-medium text-slate-800">Quiet hours</dt>
        <dd>{d.quietHours}</dd>
        <dt className="font-medium text-slate-800">AI employees</dt>
        <dd className="break-words">{d.aiEmployees}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button id={`${id}-edit`} type="button" size="sm" variant="outline" onClick={onEdit}>
          Edit<span className="sr-only"> {rule.name}</span>
        </Button>
        <DeleteRuleButton rule={rule} onDeleted={onDeleted} refresh={refresh} />
      </div>
    </article>
  );
}

function DeleteRuleButton({ rule, onDeleted, refresh }: { rule: RuleView; onDeleted: () => void; refresh: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.delete(apiPath`/api/notification-rules/${rule.id}`),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: "Rule deleted", description: rule.name });
      await refresh();
      onDeleted();
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) showApiError(error, "The rule could not be deleted. Try again.");
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <D.Trigger asChild>
        <Button type="button" size="sm" variant="outline">
          Delete<span className="sr-only"> {rule.name}</span>
        </Button>
      </D.Trigger>
      <DialogContent>
        <DialogTitle>Delete the rule “{rule.name}”?</DialogTitle>
        <DialogDescription>Its recipients get no more notifications from it. This cannot be undone; to pause it, turn it off instead.</DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Keep the rule
            </Button>
          </DialogClose>
          <BusyButton variant="destructive" busy={remove.isPending} busyLabel="Deleting..." onClick={() => remove.mutate()}>
            Delete rule
          </BusyButton>
        </div>
      </DialogContent>
    </Dialog>
  );
}
